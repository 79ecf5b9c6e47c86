analyze asymmetry -
