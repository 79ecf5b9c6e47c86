play nim -
