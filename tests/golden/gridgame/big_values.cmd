solve gridgame
