hint asymmetry -
