generate binim --seed 3 --cases 3 --stacks 3 --max-length 8
