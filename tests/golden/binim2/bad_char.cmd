solve binim2
