# Deliberately wrong bacteria (GCJ 2019 1C): counts the winning cells, not
# the winning (cell, colony) moves: a cell where both H and V win counts once.
# With --right it counts both (the correct answer), which the tests use to
# show that the bug, not the rest of this script, is what judge finds.
import sys
from functools import lru_cache

right = "--right" in sys.argv
data = sys.stdin.read().split()
pos = 0
t = int(data[pos]); pos += 1
for case in range(1, t + 1):
    r, c = int(data[pos]), int(data[pos + 1]); pos += 2
    g = data[pos:pos + r]; pos += r
    # row_bad[i][j]: radioactive cells in row i before column j; likewise col_bad.
    row_bad = [[0] * (c + 1) for _ in range(r)]
    for i in range(r):
        for j in range(c):
            row_bad[i][j + 1] = row_bad[i][j] + (g[i][j] == "#")
    col_bad = [[0] * (r + 1) for _ in range(c)]
    for j in range(c):
        for i in range(r):
            col_bad[j][i + 1] = col_bad[j][i] + (g[i][j] == "#")

    @lru_cache(maxsize=None)
    def grundy(r1, r2, c1, c2):  # rows r1..r2-1, columns c1..c2-1
        if r1 >= r2 or c1 >= c2:
            return 0
        seen = set()
        for i in range(r1, r2):
            if row_bad[i][c2] - row_bad[i][c1] == 0:
                seen.add(grundy(r1, i, c1, c2) ^ grundy(i + 1, r2, c1, c2))
        for j in range(c1, c2):
            if col_bad[j][r2] - col_bad[j][r1] == 0:
                seen.add(grundy(r1, r2, c1, j) ^ grundy(r1, r2, j + 1, c2))
        m = 0
        while m in seen:
            m += 1
        return m

    count = 0
    if grundy(0, r, 0, c) != 0:
        for i in range(r):
            for j in range(c):
                if g[i][j] != ".":
                    continue
                h = row_bad[i][c] == 0 and grundy(0, i, 0, c) ^ grundy(i + 1, r, 0, c) == 0
                v = col_bad[j][r] == 0 and grundy(0, r, 0, j) ^ grundy(0, r, j + 1, c) == 0
                count += (h + v) if right else (h or v)
    print(f"Case #{case}: {count}")
