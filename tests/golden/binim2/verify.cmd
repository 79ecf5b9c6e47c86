verify binim2 --trials 3000
