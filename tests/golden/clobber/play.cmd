play clobber --position 'L:xo/ox' --as both
