hint gridgame -
