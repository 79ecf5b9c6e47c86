play toads-frogs --position 'R:T.F'
