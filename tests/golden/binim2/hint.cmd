hint binim2 --position "Dee 0110 1001 10 0"
