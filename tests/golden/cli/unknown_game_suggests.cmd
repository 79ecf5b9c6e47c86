solve nimm
