value hackenbush --position 'BRB RR BR'
