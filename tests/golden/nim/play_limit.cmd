play nim --max-states 10
