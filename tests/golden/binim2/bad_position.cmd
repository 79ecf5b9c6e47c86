analyze binim2 --position "Dee 0112"
