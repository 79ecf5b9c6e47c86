value binim --position '0110 1001 10 0'
