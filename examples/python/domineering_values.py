"""Domineering's combinatorial game values, from partizan rules written in
Python: Left places vertical dominoes, Right horizontal ones, and a board's
value (in canonical form: numbers, switches, ups, {a | b}) is the sum of the
values of its separate regions. The same values as `perfectplay value
domineering`.

    python3 examples/python/domineering_values.py
"""
import perfectplay


class DomineeringValues(perfectplay.Rules):
    """Domineering as partizan rules: a position is a tuple of rows of '.'
    (free) and '#' (filled); no player to move (a value is for both)."""

    name = "domineering-values"

    def __init__(self, rows=2, cols=2):
        self.rows, self.cols = rows, cols

    def start(self):
        return ("." * self.cols,) * self.rows

    def left_moves(self, p):  # vertical dominoes
        return [((r, c), (r + 1, c)) for r in range(len(p) - 1) for c in range(len(p[0]))
                if p[r][c] == p[r + 1][c] == "."]

    def right_moves(self, p):  # horizontal dominoes
        return [((r, c), (r, c + 1)) for r in range(len(p)) for c in range(len(p[0]) - 1)
                if p[r][c] == p[r][c + 1] == "."]

    def play(self, p, m):
        rows = [list(row) for row in p]
        for r, c in m:
            rows[r][c] = "#"
        return tuple("".join(row) for row in rows)

    def components(self, p):
        # Each region of free cells (4-connected) is a board of its own: its
        # bounding box, the other cells filled. Their values add up.
        seen, parts = set(), []
        for r0, row in enumerate(p):
            for c0, x in enumerate(row):
                if x != "." or (r0, c0) in seen:
                    continue
                region, todo = set(), [(r0, c0)]
                while todo:
                    r, c = todo.pop()
                    if (r, c) in region or not (0 <= r < len(p) and 0 <= c < len(row)) \
                            or p[r][c] != ".":
                        continue
                    region.add((r, c))
                    todo += [(r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)]
                seen |= region
                rs = [r for r, _ in region]
                cs = [c for _, c in region]
                parts.append(tuple("".join("." if (r, c) in region else "#"
                                           for c in range(min(cs), max(cs) + 1))
                                   for r in range(min(rs), max(rs) + 1)))
        return parts

    def key(self, p):
        # Mirror images (left-right, top-bottom) have the same value: one key.
        return min(p, p[::-1], tuple(r[::-1] for r in p), tuple(r[::-1] for r in p[::-1]))


if __name__ == "__main__":
    for rows, cols in [(1, 2), (2, 2), (2, 3), (3, 3), (2, 4), (3, 4)]:
        game = DomineeringValues(rows, cols)
        g = game.cgt_value()
        print(f"{rows} x {cols}: {g}  (outcome {g.outcome}, temperature {g.temperature})")
    # Sums: ±1 is its own negative, so two 2 x 2 boards are worth 0: whoever
    # moves first in the pair loses.
    two = DomineeringValues(2, 2).cgt_value()
    print("2 x 2 + 2 x 2 =", two + two, "(outcome", (two + two).outcome + ")")
