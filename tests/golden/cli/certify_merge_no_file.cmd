certify-merge certify_shard1of3.json no_such_report.json
