explain gridgame --position $'2\n1 2\n3 4\n' --json
