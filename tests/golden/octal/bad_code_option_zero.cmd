play octal --code 0.00
