verify binim2 --stacks 20 --max-length 20
