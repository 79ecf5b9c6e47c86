explain nim --position "1 x"
