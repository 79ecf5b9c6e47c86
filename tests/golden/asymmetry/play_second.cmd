play asymmetry --as second --position $'1 4 3\n1 0 2 3'
