analyze bacteria --position $'3 4\n#.##\n....\n#.##'
