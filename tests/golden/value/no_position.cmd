value domineering
