value
