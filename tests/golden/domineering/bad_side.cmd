analyze domineering --position 'X:../..'
