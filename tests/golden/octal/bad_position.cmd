analyze octal --position "3 x"
