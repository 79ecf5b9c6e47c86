verify gridgame --trials 1000
