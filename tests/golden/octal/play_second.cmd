play octal --code 0.137 --as second --position "7"
