analyze octal --code 0.137 --position "4 1 1"
