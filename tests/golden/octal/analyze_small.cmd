analyze octal --position "5 3"
