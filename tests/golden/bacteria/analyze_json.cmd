analyze bacteria --json --position $'2 2\n..\n.#'
