solve binim -
