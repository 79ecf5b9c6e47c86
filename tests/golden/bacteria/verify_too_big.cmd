verify bacteria --rows 8 --cols 8
