analyze toads-frogs --position 'L:TT.X'
