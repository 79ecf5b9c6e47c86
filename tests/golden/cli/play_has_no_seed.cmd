play nim --seed 3
