analyze octal --code 0.007 --position "9 12"
