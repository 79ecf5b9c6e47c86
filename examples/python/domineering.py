"""Domineering on small boards: Vertical places a vertical domino, Horizontal
a horizontal one, on two empty cells; who cannot move loses. A partizan game:
the position records whose turn it is.

    python3 examples/python/domineering.py
"""
import perfectplay


class Domineering(perfectplay.Rules):
    name = "domineering"

    def __init__(self, rows=3, cols=3):
        self.rows, self.cols = rows, cols

    def start(self, first="V"):
        return (frozenset(), first)

    def moves(self, p):
        filled, turn = p
        dr, dc = (1, 0) if turn == "V" else (0, 1)
        return [(r, c) for r in range(self.rows - dr) for c in range(self.cols - dc)
                if (r, c) not in filled and (r + dr, c + dc) not in filled]

    def play(self, p, m):
        filled, turn = p
        r, c = m
        other = (r + 1, c) if turn == "V" else (r, c + 1)
        return (filled | {(r, c), other}, "H" if turn == "V" else "V")

    def format(self, p):
        filled, turn = p
        rows = ["".join("#" if (r, c) in filled else "." for c in range(self.cols))
                for r in range(self.rows)]
        return "/".join(rows) + " " + turn

    def parse(self, text):
        # format's text back (the web board's position box, --position).
        board, turn = text.split()
        rows = board.split("/")
        if turn not in ("V", "H") or len(rows) != self.rows or any(
                len(r) != self.cols or set(r) - set(".#") for r in rows):
            raise ValueError(f"a {self.rows} x {self.cols} board of . and # rows joined by /, "
                             f"then V or H")
        return (frozenset((r, c) for r in range(self.rows) for c in range(self.cols)
                          if rows[r][c] == "#"), turn)

    def draw(self, p):
        filled, _ = p
        return [["#" if (r, c) in filled else "." for c in range(self.cols)]
                for r in range(self.rows)]

    def where(self, p, m):
        # The two cells the domino covers: a click on either plays it.
        (r, c), (_, turn) = m, p
        return [(r, c), (r + 1, c) if turn == "V" else (r, c + 1)]


def first_player_wins(rows, cols, first):
    game = Domineering(rows, cols)
    return perfectplay.solve(game, game.start(first))["kind"] == "win"


if __name__ == "__main__":
    for rows in range(1, 5):
        for cols in range(1, 5):
            v = first_player_wins(rows, cols, "V")
            h = first_player_wins(rows, cols, "H")
            print(f"{rows}x{cols}: Vertical first {'wins' if v else 'loses'}, "
                  f"Horizontal first {'wins' if h else 'loses'}")
