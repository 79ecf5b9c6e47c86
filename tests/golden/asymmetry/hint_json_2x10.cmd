hint asymmetry --json -
