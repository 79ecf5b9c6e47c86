generate asymmetry --seed 4 --rows 3 --cols 6 --k 9
