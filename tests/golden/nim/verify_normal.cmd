verify nim --trials 3000 --seed 1
