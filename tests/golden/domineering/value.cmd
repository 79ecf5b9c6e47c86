value domineering --position 'L:..../..../..../....'
