analyze nim --misere --batch - --json
