generate bacteria --seed 3 --cases 2 --rows 4 --cols 6 --density 25
