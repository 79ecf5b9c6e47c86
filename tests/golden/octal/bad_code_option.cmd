analyze octal --code 0.8 --position "3"
