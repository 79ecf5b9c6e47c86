check nim - /dev/null
