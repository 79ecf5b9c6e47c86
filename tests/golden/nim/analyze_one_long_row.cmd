analyze nim --position "20222"
