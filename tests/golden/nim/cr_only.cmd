solve nim -
