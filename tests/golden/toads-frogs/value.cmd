value toads-frogs --position 'L:TT..FF'
