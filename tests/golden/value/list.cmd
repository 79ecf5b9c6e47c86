value --list
