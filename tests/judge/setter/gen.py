"""A problem setter's own gridgame generator, as judge --gen runs it:
python3 gen.py SEED writes one contest input (UVa 11553's limits)."""
import random
import sys

random.seed(int(sys.argv[1]))
t = random.randint(1, 5)
print(t)
for _ in range(t):
    n = random.randint(1, 8)
    print(n)
    for _ in range(n):
        print(*(random.randint(-1000, 1000) for _ in range(n)))
