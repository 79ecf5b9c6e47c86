play domineering --position 'L:.../...'
