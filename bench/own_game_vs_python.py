#!/usr/bin/python3
"""Own games (issue 34): perfectplay's C++ search over Python rules against an
idiomatic pure-Python memoized minimax (functools.cache) over the same class,
in the same run, and the built-in C++ octal game as the ceiling.

Each row computes the same values both ways and checks they agree:
  - nimbers (mex over the options, a sum split into its components), for
    subtraction {1,3,4} and Dawson's Kayles (octal 0.137): the table of rows
    0..N-1;
  - win/loss with remoteness (the winner's fastest, the loser's slowest line)
    for Wythoff and tic-tac-toe: one position;
  - minimax scores for the coins game (perfectplay: alpha-beta with its
    table; Python: plain memoized minimax, the idiomatic one).
The pure-Python version caches on key(p) where the game defines one (its
keys are canonical positions of the same game), as perfectplay's memo does.

Reported per row (medians of --reps runs): wall time and CPU time
(process_time) of each, the positions each searched (perfectplay: positions
whose moves its solver generated; Python: entries of its cache), positions
per CPU second, and the speed-ups (Python's time over perfectplay's). The
octal row also times the last row alone by the built-in C++ `octal --code
0.137` (its analyze, a fresh search) and by the Python rules: how far Python
rules are from C++ rules.

  PYTHONPATH=build/release/python bench/own_game_vs_python.py [--quick] [--reps 3]
"""
import argparse
import functools
import os
import statistics
import sys
import time

import perfectplay

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "examples", "python"))

from coins import Coins  # noqa: E402
from dawson import Octal, row  # noqa: E402
from subtraction import Subtraction  # noqa: E402
from tictactoe import TicTacToe  # noqa: E402
from wythoff import Wythoff  # noqa: E402

sys.setrecursionlimit(100000)


def canon(game):
    key = getattr(game, "key", None)
    return key if key is not None else (lambda p: p)


def py_nimbers(game, positions):
    """Grundy values by functools.cache: mex over options, XOR over components."""
    key = canon(game)
    parts = getattr(game, "components", None) or (lambda p: [p])

    @functools.cache
    def part(p):
        seen = {total(game.play(p, m)) for m in game.moves(p)}
        g = 0
        while g in seen:
            g += 1
        return g

    def total(p):
        x = 0
        for c in parts(p):
            x ^= part(key(c))
        return x

    values = [total(p) for p in positions]
    return values, part.cache_info().currsize


def py_winloss(game, p):
    """(result, remoteness) for the player to move: result 1 win, 0 draw, -1 loss."""
    key = canon(game)
    result = getattr(game, "result", None)
    misere = getattr(game, "ending", "normal") == "misere"

    @functools.cache
    def value(p):
        if result is not None:
            r = result(p)
            if r is not None:
                return {"win": 1, "draw": 0, "loss": -1}[r], 0
        best = None
        for m in game.moves(p):
            r, d = value(key(game.play(p, m)))
            mine = (-r, d + 1 if r else 0)  # the child's value seen by the mover (a draw has none)
            if best is None or rank(mine) > rank(best):
                best = mine
        if best is None:
            return (1, 0) if misere else (-1, 0)
        return best

    def rank(v):
        r, d = v
        return (r, -d if r > 0 else d if r < 0 else 0)

    v = value(key(p))
    return v, value.cache_info().currsize


def py_score(game, p):
    @functools.cache
    def value(p):
        ms = list(game.moves(p))
        if not ms:
            return game.score(p)
        vals = [value(game.play(p, m)) for m in ms]
        return max(vals) if game.maximizer(p) else min(vals)

    return value(p), value.cache_info().currsize


def winloss_of(v):
    return {"win": 1, "loss": -1, "draw": 0}[v["kind"]], v.get("remoteness", 0)


def timed(f, reps):
    walls, cpus, out = [], [], None
    for _ in range(reps):
        w, c = time.perf_counter(), time.process_time()
        out = f()
        walls.append(time.perf_counter() - w)
        cpus.append(time.process_time() - c)
    return statistics.median(walls), statistics.median(cpus), out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="small sizes (a smoke test)")
    ap.add_argument("--reps", type=int, default=5)
    a = ap.parse_args()
    q = a.quick
    rows = []

    def nimber_row(label, game, sizes, builtin=None):
        family = (lambda n: n) if isinstance(game, Subtraction) else row

        def ours():
            s = perfectplay.own._search(game, perfectplay.DEFAULT_MAX_STATES)
            return s.plain_many([family(n) for n in sizes]), s.expanded  # as table() does

        def theirs():
            return py_nimbers(game, [family(n) for n in sizes])

        ow, oc, (ov, on) = timed(ours, a.reps)
        tw, tc, (tv, tn) = timed(theirs, a.reps)
        assert ov == tv, (label, ov, tv)
        extra = ""
        if builtin is not None:
            # The ceiling: the value of the last row alone (its search values
            # every smaller row), by the built-in C++ game and by the Python
            # rules, each a fresh search.
            last = sizes[-1]
            g = perfectplay.game("octal", code=builtin)
            bw, bc, bv = timed(lambda: g.analyze(str(last))["value"]["nimber"], a.reps)

            def ours_last():
                s = perfectplay.own._search(game, perfectplay.DEFAULT_MAX_STATES)
                return s.plain(family(last))

            lw, lc, lv = timed(ours_last, a.reps)
            assert bv == lv == ov[-1]
            extra = (f"row {last} alone: built-in C++ `octal --code {builtin}` (analyze) "
                     f"{bw:.4f} s wall / {bc:.4f} s CPU, the Python rules {lw:.4f} s wall / "
                     f"{lc:.4f} s CPU: {lc / max(bc, 1e-9):.0f}x the built-in's CPU time")
        rows.append((label, ow, oc, on, tw, tc, tn, extra))

    def winloss_row(label, game, p):
        def ours():
            s = perfectplay.own._search(game, perfectplay.DEFAULT_MAX_STATES)
            import json
            return winloss_of(json.loads(s.value(p))), s.expanded

        ow, oc, (ov, on) = timed(ours, a.reps)
        tw, tc, (tv, tn) = timed(lambda: py_winloss(game, p), a.reps)
        assert ov == tv, (label, ov, tv)
        rows.append((label, ow, oc, on, tw, tc, tn, ""))

    def score_row(label, game):
        def ours():
            s = perfectplay.own._search(game, perfectplay.DEFAULT_MAX_STATES)
            return s.plain(game.start()), s.expanded

        ow, oc, (ov, on) = timed(ours, a.reps)
        tw, tc, (tv, tn) = timed(lambda: py_score(game, game.start()), a.reps)
        assert ov == tv, (label, ov, tv)
        rows.append((label, ow, oc, on, tw, tc, tn, ""))

    n_sub = 2000 if q else 100000
    nimber_row(f"subtraction {{1,3,4}}, rows 0..{n_sub - 1}", Subtraction(), range(n_sub))
    n_oct = 60 if q else 600
    nimber_row(f"Dawson's Kayles (octal 0.137), rows 0..{n_oct - 1}", Octal("0.137"),
               range(n_oct), builtin="0.137")
    w = (13, 21) if q else (89, 144)
    winloss_row(f"Wythoff {w}, win/loss with remoteness", Wythoff(), w)
    winloss_row("tic-tac-toe, empty board (a draw)", TicTacToe(), "." * 9)
    coins = (3, 9, 1, 2, 7, 4, 8, 15, 3, 7, 2, 2) if q else \
        (3, 9, 1, 2, 7, 4, 8, 15, 3, 7, 2, 2, 9, 11, 6, 5, 1, 8, 4, 7, 3, 2, 6, 9)
    score_row(f"coins, {len(coins)} coins (scored)", Coins(coins))

    print("| game | perfectplay wall / CPU (s) | positions | positions per CPU s | "
          "functools.cache wall / CPU (s) | positions | positions per CPU s | "
          "speed-up wall / CPU |")
    print("|---|---|---|---|---|---|---|---|")
    notes = []
    for label, ow, oc, on, tw, tc, tn, extra in rows:
        print(f"| {label} | {ow:.3f} / {oc:.3f} | {on} | {on / max(oc, 1e-9):,.0f} | "
              f"{tw:.3f} / {tc:.3f} | {tn} | {tn / max(tc, 1e-9):,.0f} | {tw / ow:.2f}x / {tc / max(oc, 1e-9):.2f}x |")
        if extra:
            notes.append(f"{label}: {extra}")
    for n in notes:
        print()
        print(n)


if __name__ == "__main__":
    main()
