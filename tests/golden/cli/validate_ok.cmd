validate binim2 -
