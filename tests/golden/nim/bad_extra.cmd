solve nim
