play nim --position "3 4 5"
