verify nim --rows 9 --max-length 30
