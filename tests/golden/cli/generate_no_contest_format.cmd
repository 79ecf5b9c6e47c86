generate clobber --seed 1
