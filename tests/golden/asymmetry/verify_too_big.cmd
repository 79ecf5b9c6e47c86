verify asymmetry --cols 10
