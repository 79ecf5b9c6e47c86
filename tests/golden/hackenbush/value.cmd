value hackenbush --position 'L:BRR BRB'
