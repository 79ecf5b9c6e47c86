analyze binim --position "Dee 0112"
