analyze nim - --case 2
