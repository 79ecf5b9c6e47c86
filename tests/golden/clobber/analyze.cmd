analyze clobber --position 'L:xox/oxo'
