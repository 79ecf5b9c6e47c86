hint binim - --case 2
