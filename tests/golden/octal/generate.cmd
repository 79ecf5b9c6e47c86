generate octal --seed 5 --cases 4 --rows 3 --max-length 40
