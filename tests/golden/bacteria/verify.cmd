verify bacteria --trials 500
