generate asymmetry --cols 7 --rows 2
