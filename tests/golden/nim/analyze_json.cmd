analyze nim --json --position "1 3"
