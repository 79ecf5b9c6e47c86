analyze asymmetry --json --position $'2 4 3\n1 0 2 3\n0 3 1 1\nmarked: 1'
