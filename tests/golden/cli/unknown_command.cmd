sovle nim
