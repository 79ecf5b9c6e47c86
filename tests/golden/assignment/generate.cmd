generate assignment --seed 2 --n 3
