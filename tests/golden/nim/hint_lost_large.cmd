hint nim --position "1000000 1000000"
