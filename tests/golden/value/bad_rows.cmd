value domineering --position '../.'
