verify binim --stacks 5000 --max-length 1000000 --trials 1
