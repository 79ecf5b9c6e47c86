hint gridgame - --case 2
