help solve nim
