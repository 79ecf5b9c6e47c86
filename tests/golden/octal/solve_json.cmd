solve octal --json huge.in
