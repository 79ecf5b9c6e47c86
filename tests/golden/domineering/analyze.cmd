analyze domineering --position 'L:.../.../...'
