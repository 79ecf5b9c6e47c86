check gridgame --convention icpc - -
