analyze binim --position "Dee 1 10"
