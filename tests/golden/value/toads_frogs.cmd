value toads-frogs --position 'T.F'
