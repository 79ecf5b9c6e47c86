analyze bacteria - --case 2
