verify octal --max-length 5000
