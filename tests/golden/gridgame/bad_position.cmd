analyze gridgame --position $'2\n1 2\n3 4\nmoves: 1 3'
