analyze nim --position "10 11 12 3"
