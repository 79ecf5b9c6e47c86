play domineering --position 'L:../..' --as both
