certify --recheck certify_shard1of3.json nim
