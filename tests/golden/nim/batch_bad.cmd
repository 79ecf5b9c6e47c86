analyze nim --batch -
