analyze gridgame --position $'4\n5 1 9 3\n2 8 4 7\n6 3 1 9\n4 6 2 5\nmoves: 1 4 3'
