verify binim --stacks 20 --max-length 20
