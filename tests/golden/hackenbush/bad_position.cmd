analyze hackenbush --position 'L:BRG'
