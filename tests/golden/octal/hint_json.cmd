hint octal --json --position "1000000000000 5"
