analyze domineering --position 'R:.#../..../...#'
