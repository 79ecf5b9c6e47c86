generate nim > /dev/full
