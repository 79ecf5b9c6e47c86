solve octal -
