analyze nim --position '1 2' --case 1
