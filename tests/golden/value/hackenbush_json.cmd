value hackenbush --position 'BRB RR' --json
