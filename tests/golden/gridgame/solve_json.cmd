solve gridgame --json -
