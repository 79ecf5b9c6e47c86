hint toads-frogs --position 'L:TTT..FFF' --json
