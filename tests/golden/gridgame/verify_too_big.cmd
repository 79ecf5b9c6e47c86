verify gridgame --n 12
