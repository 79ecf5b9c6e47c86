hint clobber --position 'L:xoxo/oxox'
