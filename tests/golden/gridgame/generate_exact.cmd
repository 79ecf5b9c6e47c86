generate gridgame --cases 2 --n 3 --max-abs 5 --exact
