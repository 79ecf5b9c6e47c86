analyze clobber --position 'L:xo/o'
