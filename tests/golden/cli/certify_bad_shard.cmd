certify nim --shard 4/3
