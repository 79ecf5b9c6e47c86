verify nim --seed -5
