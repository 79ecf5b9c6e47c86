hint bacteria --position $'1 3\n.H.'
