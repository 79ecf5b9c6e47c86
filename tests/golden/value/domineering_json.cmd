value domineering --position '../..' --json
