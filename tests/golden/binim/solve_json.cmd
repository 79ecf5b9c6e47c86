solve binim --json -
