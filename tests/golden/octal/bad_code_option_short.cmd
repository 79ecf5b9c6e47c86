hint octal --code 77 --position "3"
