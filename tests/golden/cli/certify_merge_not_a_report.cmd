certify-merge certify_shard1of3.json certify_merge.cmd
