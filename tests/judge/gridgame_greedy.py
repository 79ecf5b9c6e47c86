# Deliberately wrong gridgame (UVa 11553): Bob answers each row, in order,
# with its smallest entry in a column still free. Greedy, not the matching.
import sys

data = sys.stdin.read().split()
pos = 0
t = int(data[pos]); pos += 1
out = []
for _ in range(t):
    n = int(data[pos]); pos += 1
    m = [[int(data[pos + r * n + c]) for c in range(n)] for r in range(n)]
    pos += n * n
    free = set(range(n))
    total = 0
    for r in range(n):
        c = min(free, key=lambda j: (m[r][j], j))
        free.remove(c)
        total += m[r][c]
    out.append(str(total))
print("\n".join(out))
