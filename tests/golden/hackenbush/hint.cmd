hint hackenbush --position 'R:BRRB RBBR B'
