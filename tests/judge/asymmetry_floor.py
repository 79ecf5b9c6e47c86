# Deliberately wrong asymmetry (CCO 2026 D2P1): the per-pair formula of
# src/games/asymmetry/asymmetry_theory.h with half of K rounded down where it
# must be rounded up. With --right it rounds up (the correct answer), which
# the tests use to show that the bug is what judge finds.
import sys

right = "--right" in sys.argv
data = sys.stdin.buffer.read().split()
n, m, k = int(data[0]), int(data[1]), int(data[2])
g = [[int(x) for x in data[3 + r * m: 3 + (r + 1) * m]] for r in range(n)]
half = (k + 1) // 2 if right else k // 2


def top(x):
    return max(x, k - x)


def inner(x, f):  # min over v in [0, K] of max(top(v), |v - x| + f)
    a, b = min(x, k - x), max(x, k - x)
    if f <= a:
        return half
    if f <= b:
        return (b + f + 1) // 2
    return f


total = 0
for j in range(m // 2):
    jj = m - 1 - j
    c = [abs(g[r][j] - g[r][jj]) for r in range(n)]
    s = sum(c)
    if n == 1:
        total += half
        continue
    best = None
    for col, other in ((j, jj), (jj, j)):
        flip = [top(g[r][col]) - c[r] for r in range(n)]
        order = sorted(range(n), key=lambda r: -flip[r])
        for ra in range(n):
            f = flip[order[0]] if order[0] != ra else flip[order[1]]
            v = s - c[ra] + inner(g[ra][other], f)
            best = v if best is None else min(best, v)
    total += best
print(total)
