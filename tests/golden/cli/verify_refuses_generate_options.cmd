verify nim --cases 3
