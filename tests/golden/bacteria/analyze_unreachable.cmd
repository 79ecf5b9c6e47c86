analyze bacteria --position $'3 3\n...\n.H.\n...'
