analyze nim --batch - --position "1 2"
