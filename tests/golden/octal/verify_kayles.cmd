verify octal --trials 500 --seed 1
