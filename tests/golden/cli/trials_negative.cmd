verify nim --trials -1
