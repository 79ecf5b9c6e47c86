analyze domineering --position 'L:../..' --json
