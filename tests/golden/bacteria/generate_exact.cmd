generate bacteria --cases 2 --rows 2 --cols 3 --exact
