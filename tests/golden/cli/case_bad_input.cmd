analyze nim - --case 1
