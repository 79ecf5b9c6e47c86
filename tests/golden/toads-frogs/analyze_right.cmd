analyze toads-frogs --position 'R:TT.F.TF.F'
