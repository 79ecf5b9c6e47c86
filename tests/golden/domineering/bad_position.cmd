analyze domineering --position 'L:../.x'
