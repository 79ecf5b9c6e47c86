analyze nim --max-states 500 --position "3 4 5 6"
