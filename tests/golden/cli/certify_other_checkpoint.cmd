certify nim --rows 2 --max-length 2 --checkpoint certify_shard1of3.json
