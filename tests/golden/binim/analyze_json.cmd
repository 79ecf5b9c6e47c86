analyze binim --json --position "Dum 01 10"
