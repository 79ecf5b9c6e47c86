analyze nim --position "2 3"
