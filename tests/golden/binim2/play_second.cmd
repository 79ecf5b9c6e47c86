play binim2 --as second --position "Dum 0110 1 10"
