hint nim --json --position "3 4 5"
