play nim --position "1 2"
