verify nim --max-states 1
