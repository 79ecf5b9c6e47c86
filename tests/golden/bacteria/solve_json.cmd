solve bacteria --json -
