"""Tic-tac-toe: a draw with best play, and how long each side can hold out.

A position is a string of 9 cells ('X', 'O', '.'), X moving first. result(p)
ends the game: three in a row (made by the player who just moved: the player
to move has lost), or a full board (a draw).

    python3 examples/python/tictactoe.py
"""
import perfectplay

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacToe(perfectplay.Rules):
    name = "tic-tac-toe"

    def start(self):
        return "." * 9

    def to_move(self, p):
        return "X" if p.count("X") == p.count("O") else "O"

    def result(self, p):
        if any(p[a] != "." and p[a] == p[b] == p[c] for a, b, c in LINES):
            return "loss"  # the player who just moved made three in a row
        if "." not in p:
            return "draw"
        return None

    def moves(self, p):
        return [i for i, c in enumerate(p) if c == "."]

    def play(self, p, i):
        return p[:i] + self.to_move(p) + p[i + 1:]

    def draw(self, p):
        # A grid of (text, kind) cells: the terminal prints it, the web board
        # draws it (serve), and a click on a cell plays where(p, m)'s move.
        kinds = {"X": "left", "O": "right", ".": "empty"}
        return [[("" if c == "." else c, kinds[c]) for c in p[r:r + 3]] for r in (0, 3, 6)]

    def where(self, p, i):
        return (i // 3, i % 3)


if __name__ == "__main__":
    game = TicTacToe()
    print("empty board:", perfectplay.solve(game))
    print("X in a corner, O next to it:", perfectplay.solve(game, "XO......."))
