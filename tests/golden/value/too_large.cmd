value domineering --position '..../..../..../....' --max-states 10
