solve chess
