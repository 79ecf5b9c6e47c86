hint domineering --position 'R:..../....'
