list > /dev/full
