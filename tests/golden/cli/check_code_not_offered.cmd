check octal --code 0.137 - -
