value domineering --position '../..'
