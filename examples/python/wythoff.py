"""Wythoff's game: two heaps; take any number from one heap, or the same
number from both. The player who cannot move loses.

Theory (Wythoff, 1907): (a, b) with a <= b is a loss for the player to move
exactly when a = floor(k * phi) and b = a + k for some k >= 0, phi the golden
ratio. Checked here against exhaustive search on every position up to 200.

    python3 examples/python/wythoff.py
"""
import math

import perfectplay

PHI = (1 + math.sqrt(5)) / 2


class Wythoff(perfectplay.Rules):
    name = "wythoff"

    def start(self):
        return (3, 5)

    def moves(self, p):
        a, b = p
        for k in range(1, a + 1):
            yield ("a", k)
        for k in range(1, b + 1):
            yield ("b", k)
        for k in range(1, min(a, b) + 1):
            yield ("ab", k)

    def play(self, p, m):
        (a, b), (which, k) = p, m
        if which == "a":
            return (a - k, b)
        if which == "b":
            return (a, b - k)
        return (a - k, b - k)

    def key(self, p):
        return (min(p), max(p))  # (a, b) and (b, a) are the same position

    def theory(self, p):
        a, b = sorted(p)
        k = b - a
        # floor(k * phi) in exact integer arithmetic: floor((k + sqrt(5 k^2)) / 2).
        return not a == (k + math.isqrt(5 * k * k)) // 2

    def positions(self, size):
        """Every position whose larger heap is `size`."""
        return [(a, size) for a in range(size + 1)]

    def shrink(self, p):
        a, b = p
        return [(a - 1, b), (a, b - 1)] if a > 0 and b > 0 else []


if __name__ == "__main__":
    game = Wythoff()
    print("(3, 5):", perfectplay.solve(game))
    print("hint:", perfectplay.hint(game)["move"])
    print(perfectplay.check(game, sizes=range(201)))
