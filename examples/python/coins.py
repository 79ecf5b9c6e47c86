"""A scored game: coins in a row; the players in turn take a coin from
either end. The score is the first player's total minus the second's; the
first player maximizes it, the second minimizes it.

    python3 examples/python/coins.py
"""
import perfectplay


class Coins(perfectplay.Rules):
    name = "coins"

    def __init__(self, coins=(3, 9, 1, 2, 7, 4)):
        self.coins = tuple(coins)

    def start(self):
        return (0, len(self.coins), 0)  # the row left is coins[lo:hi]; diff so far

    def moves(self, p):
        lo, hi, _ = p
        return [] if lo == hi else (["left", "right"] if hi - lo > 1 else ["left"])

    def maximizer(self, p):
        lo, hi, _ = p
        return (len(self.coins) - (hi - lo)) % 2 == 0  # the first player moves on even turns

    def play(self, p, m):
        lo, hi, diff = p
        coin = self.coins[lo] if m == "left" else self.coins[hi - 1]
        sign = 1 if self.maximizer(p) else -1
        return (lo + 1, hi, diff + sign * coin) if m == "left" else (lo, hi - 1, diff + sign * coin)

    def score(self, p):
        return p[2]

    def theory(self, p):
        # An interval DP: the best difference the player to move can make on coins[lo:hi].
        lo, hi, diff = p
        best = {}
        for length in range(0, hi - lo + 1):
            for i in range(lo, hi - length + 1):
                j = i + length
                best[i, j] = 0 if i == j else max(self.coins[i] - best[i + 1, j],
                                                  self.coins[j - 1] - best[i, j - 1])
        return diff + (best[lo, hi] if self.maximizer(p) else -best[lo, hi])


if __name__ == "__main__":
    game = Coins()
    print(perfectplay.solve(game), "theory:", game.theory(game.start()))
    print(perfectplay.hint(game)["move"])
