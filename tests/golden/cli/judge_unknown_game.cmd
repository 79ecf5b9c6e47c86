judge nimm -- true
