generate octal --code 0.137 --seed 6 --cases 3
