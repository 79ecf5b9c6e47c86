analyze toads-frogs --position 'L:TT..FF'
