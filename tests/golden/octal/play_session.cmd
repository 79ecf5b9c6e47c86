play octal --position "5 3"
