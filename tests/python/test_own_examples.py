"""Own games written in Python (examples/python/, issue 34): each example
solved by the C++ solvers, checked against the built-in games where there is
one, against its theory, and through table/check/play."""
import itertools
import os
import sys

import pytest

import perfectplay

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "examples", "python"))

from coins import Coins  # noqa: E402
from dawson import Octal, row  # noqa: E402
from domineering import Domineering, first_player_wins  # noqa: E402
from nim import Nim  # noqa: E402
from subtraction import Subtraction  # noqa: E402
from tictactoe import TicTacToe  # noqa: E402
from wythoff import Wythoff  # noqa: E402


def boards(rows, most):
    for k in range(1, rows + 1):
        for b in itertools.product(range(most + 1), repeat=k):
            yield b


@pytest.mark.parametrize("misere", [False, True])
def test_python_nim_equals_the_builtin_nim_on_every_small_board(misere):
    builtin = perfectplay.game("nim", misere=misere)
    mine = Nim(misere=misere, impartial=False)
    n = 0
    for b in boards(3, 4):
        assert perfectplay.solve(mine, b) == builtin.analyze(" ".join(map(str, b)))["value"], b
        n += 1
    assert n == 155


def test_python_nim_nimbers_are_the_nim_sum():
    game = Nim()
    for b in boards(3, 5):
        x = 0
        for r in b:
            x ^= r
        assert perfectplay.solve(game, b)["nimber"] == x


def test_dawsons_kayles_equals_the_builtin_octal_0_137_on_every_row_up_to_60():
    t = perfectplay.table(Octal("0.137"), row, range(61))
    builtin = perfectplay.game("octal", code="0.137")
    expected = [builtin.analyze(str(n))["value"]["nimber"] for n in range(61)]
    assert t.values == expected
    # And a sum of rows is the nim-sum of its rows (components).
    assert perfectplay.solve(Octal("0.137"), (5, 9, 14))["nimber"] == (
        expected[5] ^ expected[9] ^ expected[14])


def test_dawsons_kayles_equals_the_builtin_on_every_board_of_up_to_three_rows_of_up_to_8():
    builtin = perfectplay.game("octal", code="0.137")
    mine = Octal("0.137")
    n = 0
    for b in itertools.combinations_with_replacement(range(1, 9), 3):
        # The built-in gives a win or loss with its remoteness and keeps the
        # nimber beside it where it searches the whole sum, the nimber alone
        # past that bound (docs/games/octal.md).
        theirs = builtin.analyze(" ".join(map(str, b)))["value"]
        assert perfectplay.solve(mine, b)["nimber"] == theirs["nimber"], b
        assert theirs["kind"] == "nimber" or (theirs["kind"] == "win") == (theirs["nimber"] != 0), b
        n += 1
    assert n == 120


def test_dawsons_kayles_period_is_proven_by_guy_smith():
    t = perfectplay.table(Octal("0.137"), row, range(175), max_take=3, splits=True)
    assert (t.preperiod, t.period, t.status) == (52, 34, "proven")
    short = perfectplay.table(Octal("0.137"), row, range(120), max_take=3, splits=True)
    assert (short.period, short.status) == (34, "observed")
    assert "needs values up to size 174" in short.reason


def test_subtraction_1_3_4_has_period_7_proven_and_a_formula_failing_at_4():
    t = perfectplay.table(Subtraction(), lambda n: n, range(40), max_take=4,
                          formula=lambda n: n % 2 == 1)
    assert t.values[:7] == [0, 1, 0, 1, 2, 3, 2]
    assert (t.preperiod, t.period, t.status) == (0, 7, "proven")
    assert t.formula_fails == 4
    text = str(t)
    assert "period 7, pre-period 0: proven" in text and "first fails at size 4" in text
    # Without the declared bound, only observed.
    assert perfectplay.table(Subtraction(), lambda n: n, range(40)).status == "observed"


def test_guy_smith_is_not_claimed_for_misere_outcomes():
    class Misere(Octal):
        ending = "misere"

    # Misere play is searched as win/loss over whole positions (no components):
    # a few rows only.
    t = perfectplay.table(Misere("0.137"), row, range(16), max_take=3, splits=True)
    assert t.status != "proven" and "Guy-Smith needs nimbers" in t.reason


def test_find_period_takes_the_smallest_period_seen_twice():
    from perfectplay.own import find_period
    assert find_period([5, 0, 1, 0, 1, 0, 1]) == (1, 2)
    assert find_period([0, 1, 2, 3]) == (None, None)
    assert find_period([7, 7, 7]) == (0, 1)


def test_wythoff_golden_ratio_theory_certified_up_to_200():
    r = perfectplay.check(Wythoff(), sizes=range(201))
    assert r["ok"] and r["disagreed"] == 0
    assert r["trials"] == sum(n + 1 for n in range(201))


def test_check_finds_and_shrinks_a_counterexample():
    game = Wythoff()
    wrong = lambda p: min(p) != max(p)  # "(a, a) loses": false, (0, 0) aside
    r = perfectplay.check(game, wrong, sizes=range(12))
    assert not r["ok"] and r["disagreed"] > 0
    m = r["mismatch"]
    # The smallest counterexample: (1, 1) is a win (take both), and shrink
    # finds nothing smaller that fails ((0, 1) and (1, 0) are wins, claimed so).
    assert m["position"] == repr((1, 1)) and m["reference"] == "win" and m["theory"] == "loss"
    r = perfectplay.check(game, wrong, sizes=range(12), trials=50, seed=7)
    assert r["trials"] == 50 and not r["ok"]


def test_tictactoe_is_a_draw_with_remoteness_on_its_wins():
    game = TicTacToe()
    assert perfectplay.solve(game) == {"kind": "draw", "source": "reference"}
    assert perfectplay.solve(game, "XO.......") == {"kind": "win", "remoteness": 5,
                                                    "source": "reference"}
    # X to move with two in a row open: wins in 1.
    assert perfectplay.solve(game, "XX.OO....")["remoteness"] == 1
    a = perfectplay.analyze(game)
    assert a["value"]["kind"] == "draw" and len(a["moves"]) == 9
    assert all(m["value"]["kind"] == "draw" and m["best"] for m in a["moves"])


def test_domineering_small_boards():
    # 2 x 2: whoever moves first wins; 2 x 4: Vertical first loses, Horizontal first wins.
    assert first_player_wins(2, 2, "V") and first_player_wins(2, 2, "H")
    assert not first_player_wins(2, 4, "V") and first_player_wins(2, 4, "H")
    assert first_player_wins(2, 1, "V") and not first_player_wins(2, 1, "H")
    assert perfectplay.solve(Domineering(4, 4), Domineering(4, 4).start("V"))["kind"] == "win"


def test_a_scored_game_by_alpha_beta_equals_its_interval_dp():
    for coins in [(3, 9, 1, 2, 7, 4), (5, 1, 1, 5), (8, 15, 3, 7, 2, 2, 9, 11, 6)]:
        game = Coins(coins)
        assert perfectplay.solve(game) == {"kind": "score", "score": game.theory(game.start()),
                                           "source": "reference"}
    game = Coins()
    h = perfectplay.hint(game)
    assert h["move"] == "right" and h["to_move"]["name"] == "Max"
    a = perfectplay.analyze(game)
    start = game.start()
    assert [m["value"]["score"] for m in a["moves"]] == [
        game.theory(game.play(start, m)) for m in ("left", "right")]


def test_analyze_is_in_the_cli_schema():
    a = perfectplay.analyze(Subtraction(), 10)
    assert a["schema"] == 1 and a["position"] == "10"
    assert [m["move"] for m in a["moves"]] == ["1", "3", "4"]
    assert [m["value"]["kind"] for m in a["moves"]] == ["win", "win", "loss"]
    assert a["best_move"] == "1"


def test_play_in_the_terminal_with_undo_hint_and_value():
    said = []
    script = iter(["hint", "value", "4", "undo", "nonsense", "1", "moves", "quit"])
    end = perfectplay.play(Subtraction(), 10, input=lambda prompt: next(script),
                           output=said.append)
    assert end == 9
    text = "\n".join(map(str, said))
    assert "1: win" in text            # the hint
    assert "*1" in text                # the value of 10
    assert "not a legal move: 'nonsense'" in text
    assert "0: 1, 1: 3, 2: 4" in text  # moves of 9


def test_check_shrinks_by_the_games_shrink():
    class Shrinking(Subtraction):
        def positions(self, size):
            return [size]

        def shrink(self, n):
            return list(range(n))  # every smaller heap, smallest first

    wrong = lambda n: n % 7 != 0  # "only multiples of 7 lose": 2, 9, 16, ... lose too
    r = perfectplay.check(Shrinking(), wrong, sizes=[30])
    m = r["mismatch"]
    assert (r["ok"], r["disagreed"]) == (False, 1)
    assert (m["found_at"], m["position"], m["shrink_steps"]) == ("30", "2", 1)
    assert (m["reference"], m["theory"]) == (0, "not 0")
