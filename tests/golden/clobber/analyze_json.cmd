analyze clobber --position 'R:xxo' --json
