analyze nim - --case 4
