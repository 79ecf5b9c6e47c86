hint octal --position "10 7 2"
