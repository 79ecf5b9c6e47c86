judge nim
