play hackenbush --position 'L:BR RB' --as both
