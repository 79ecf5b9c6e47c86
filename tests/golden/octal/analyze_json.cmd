analyze octal --json --code 0.137 --position "2 3"
