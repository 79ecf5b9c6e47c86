bench assignment
