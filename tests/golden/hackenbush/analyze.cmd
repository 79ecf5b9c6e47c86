analyze hackenbush --position 'L:BRB RR BR'
