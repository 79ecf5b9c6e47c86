solve nim - > /dev/full
