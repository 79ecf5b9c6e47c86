generate asymmetry --rows 30000 --cols 20000
