generate nim --cases 3 --rows 4 --max-length 9 --exact
