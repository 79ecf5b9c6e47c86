play asymmetry --as second --position $'2 10 15\n4 13 5 11 13 6 11 15 13 15\n7 12 0 5 13 4 3 9 4 12'
