analyze bacteria --position $'6 6\n......\n.#....\n......\n....#.\n......\n......'
