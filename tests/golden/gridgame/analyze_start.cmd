analyze gridgame --position $'3\n1 -2 -3\n-3 4 -5\n-2 1 3'
