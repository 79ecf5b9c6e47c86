generate octal --cases 2 --rows 3 --exact
