judge nim --help
