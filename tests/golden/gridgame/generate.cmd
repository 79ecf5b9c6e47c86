generate gridgame --seed 3 --cases 2 --n 4
