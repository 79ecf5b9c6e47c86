solve octal kayles.in
