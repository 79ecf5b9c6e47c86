analyze bacteria --position $'4 5\n..#..\nHHHHH\n..V..\n..V..'
