play binim --position "Dee 0110 1 10"
