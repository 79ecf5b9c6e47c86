hint bacteria - --max-states 1000
