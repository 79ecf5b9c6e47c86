verify nim --trials 50 --json
