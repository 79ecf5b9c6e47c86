play binim2 --position "Dee 0110 1 10"
