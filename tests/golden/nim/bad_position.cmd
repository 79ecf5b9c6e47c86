analyze nim --position "3 x"
