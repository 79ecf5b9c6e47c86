verify asymmetry --trials 200
