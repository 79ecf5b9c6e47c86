solve asymmetry --json -
