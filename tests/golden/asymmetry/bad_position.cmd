analyze asymmetry --position $'1 4 3\n1 0 2 3\nmarked: 5'
