verify binim --trials 3000
