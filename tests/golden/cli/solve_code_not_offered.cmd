solve octal --code 0.137 -
