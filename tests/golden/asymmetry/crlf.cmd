solve asymmetry
