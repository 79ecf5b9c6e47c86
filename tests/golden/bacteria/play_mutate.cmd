play bacteria --position $'2 3\n...\n.#.'
