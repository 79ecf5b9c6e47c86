analyze nim --position '1 2' > /dev/full
