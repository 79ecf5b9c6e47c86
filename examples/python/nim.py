"""Nim in Python: rows of counters; take one or more from one row; taking
the last counter wins (misere=True: loses). The built-in `nim` is the same
game in C++; tests/python/test_own_examples.py checks that they agree.

    python3 examples/python/nim.py
"""
import perfectplay


class Nim(perfectplay.Rules):
    def __init__(self, misere=False, impartial=True):
        self.ending = "misere" if misere else "normal"
        self.impartial = impartial  # False: win/loss with remoteness, as the CLI's nim
        self.name = "nim" + (" (misere)" if misere else "")

    def start(self):
        return (3, 4, 5)

    def moves(self, p):
        return [(i, k) for i, n in enumerate(p) for k in range(1, n + 1)]

    def play(self, p, m):
        i, k = m
        return p[:i] + (p[i] - k,) + p[i + 1:]

    def key(self, p):
        return tuple(sorted(n for n in p if n))  # the order of the rows does not matter

    def format(self, p):
        return " ".join(map(str, p))

    def theory(self, p):  # Bouton: the nim-sum
        x = 0
        for n in p:
            x ^= n
        return x


if __name__ == "__main__":
    print(perfectplay.solve(Nim()), perfectplay.solve(Nim(misere=True)))
