analyze binim2 --json --position "Dum 01 10"
