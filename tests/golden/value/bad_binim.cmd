value binim --position '01 0a1'
