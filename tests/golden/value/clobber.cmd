value clobber --position 'xxo'
