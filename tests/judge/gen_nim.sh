#!/bin/sh
# A setter's own generator (judge --gen 'gen_nim.sh {seed}'): T small nim
# boards from the seed, in the contest format.
seed=$1
awk -v seed="$seed" 'BEGIN { srand(seed % 2147483647); t = 1 + int(rand() * 3); print t
  for (c = 0; c < t; c++) { k = 1 + int(rand() * 3); print k; line = ""
    for (i = 0; i < k; i++) line = line (i ? " " : "") int(rand() * 4); print line } }'
