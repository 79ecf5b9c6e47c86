analyze octal - --case 1 --code 0.77
