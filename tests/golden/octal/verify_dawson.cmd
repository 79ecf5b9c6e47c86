verify octal --code 0.137 --trials 500 --seed 2 --rows 3 --max-length 30
