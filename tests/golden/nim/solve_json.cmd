solve nim --json -
