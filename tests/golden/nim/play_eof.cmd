play nim
