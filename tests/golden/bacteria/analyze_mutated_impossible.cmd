analyze bacteria --position $'1 3\n.V.\nmutated'
