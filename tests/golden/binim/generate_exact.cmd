generate binim --cases 2 --stacks 3 --max-length 4 --exact
