generate binim --stacks 0
