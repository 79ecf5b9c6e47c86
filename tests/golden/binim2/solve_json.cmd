solve binim2 --json -
