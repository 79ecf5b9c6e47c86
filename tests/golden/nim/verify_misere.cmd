verify nim --misere --trials 3000 --seed 2 --rows 5 --max-length 5
