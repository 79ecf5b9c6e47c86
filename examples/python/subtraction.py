"""The subtraction game {1, 3, 4}: take 1, 3 or 4 tokens from the heap; the
player who cannot move loses. Its Grundy values have period 7 from the
start (0 1 0 1 2 3 2), proven by the finite subtraction set's bound.

    python3 examples/python/subtraction.py
"""
import perfectplay


class Subtraction(perfectplay.Rules):
    impartial = True

    def __init__(self, takes=(1, 3, 4)):
        self.takes = tuple(takes)
        self.name = "subtraction " + "{" + ", ".join(map(str, self.takes)) + "}"

    def start(self):
        return 10

    def moves(self, n):
        return [k for k in self.takes if k <= n]

    def play(self, n, k):
        return n - k


if __name__ == "__main__":
    game = Subtraction()
    t = perfectplay.table(game, lambda n: n, range(40), max_take=max(game.takes),
                          formula=lambda n: n % 2 == 1)  # "odd heaps win": first fails at 4
    print(t)
