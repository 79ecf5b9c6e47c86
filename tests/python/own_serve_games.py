"""Games for test_own_serve.py, served by `python -m perfectplay serve`."""
import time

import perfectplay


class Touchy(perfectplay.Rules):
    """Take 1 or 2 from a heap; moves(p) raises on the heap of 13."""

    name = "touchy"

    def start(self):
        return 6

    def moves(self, n):
        if n == 13:
            raise ValueError("unlucky thirteen")
        return [k for k in (1, 2) if k <= n]

    def play(self, n, k):
        return n - k


class Slow(perfectplay.Rules):
    """Take 1 or 2 from a heap, each expansion taking 2 ms: a search that
    lasts (Ctrl-C while it runs)."""

    name = "slow"

    def start(self):
        return 100000

    def moves(self, n):
        time.sleep(0.002)
        return [k for k in (1, 2) if k <= n]

    def play(self, n, k):
        return n - k
