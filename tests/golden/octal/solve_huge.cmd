solve octal huge.in
