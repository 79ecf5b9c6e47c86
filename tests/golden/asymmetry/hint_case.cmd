hint asymmetry - --case 1
