value cgt --position '{1|2,x}'
