value cgt --position '{0,*|0}'
