help solve nimm
