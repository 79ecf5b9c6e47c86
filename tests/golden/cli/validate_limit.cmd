validate gridgame -
