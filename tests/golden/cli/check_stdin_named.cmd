check nim - -
