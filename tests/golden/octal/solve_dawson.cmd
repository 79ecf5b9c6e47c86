solve octal dawson.in
