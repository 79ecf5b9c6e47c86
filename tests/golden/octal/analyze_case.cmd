analyze octal - --case 2 --json
