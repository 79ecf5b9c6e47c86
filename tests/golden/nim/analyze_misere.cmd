analyze nim --misere --position "1 2 2"
