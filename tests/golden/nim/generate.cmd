generate nim --seed 5 --cases 4 --rows 3 --max-length 20
