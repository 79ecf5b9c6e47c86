analyze binim2 --position "Dee 1 10"
