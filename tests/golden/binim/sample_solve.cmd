solve binim
