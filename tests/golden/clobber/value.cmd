value clobber --position 'L:xo/ox'
