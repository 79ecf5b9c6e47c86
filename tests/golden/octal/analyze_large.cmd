analyze octal --position "1000000000000000000 71 12"
