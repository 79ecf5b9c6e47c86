analyze octal --code 0.6 --position "1 0 1"
