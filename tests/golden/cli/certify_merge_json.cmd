certify-merge certify_shard3of3.json certify_shard1of3.json certify_shard2of3.json --json
