hint octal --code 0.137 --position "4"
