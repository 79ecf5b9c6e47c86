verify asymmetry --cols 5 --rows 1 --k 1 --trials 3
