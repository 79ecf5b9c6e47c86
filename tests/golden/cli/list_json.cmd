list --json
