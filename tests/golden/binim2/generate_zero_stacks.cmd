generate binim2 --stacks 0
