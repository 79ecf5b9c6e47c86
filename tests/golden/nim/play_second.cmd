play nim --as second --position "1 2 3"
