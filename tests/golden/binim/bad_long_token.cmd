analyze binim -
