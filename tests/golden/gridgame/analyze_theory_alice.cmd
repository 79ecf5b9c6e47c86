analyze gridgame -
