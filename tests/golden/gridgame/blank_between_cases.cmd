solve gridgame -
