play nim --position "2 1" --as none
