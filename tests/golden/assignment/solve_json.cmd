solve assignment --json -
