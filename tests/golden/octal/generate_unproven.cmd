generate octal --code 0.007 --max-length 1000000000
