value domineering --position 'R:.#/..' --json
