analyze hackenbush --position 'R:BR - RRB'
