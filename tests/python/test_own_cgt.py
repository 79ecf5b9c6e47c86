"""Combinatorial game values in Python (issue 38's Python part):
perfectplay.cgt_value / Rules.cgt_value / Game.cgt_value and CgtValue, built on
src/cgt. Python-written Domineering against the built-in `value domineering`;
the algebra; the invariants against the CLI's."""
import itertools
import os
import random
import sys
from fractions import Fraction

import pytest

import perfectplay
from perfectplay import CgtValue

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "examples", "python"))

from domineering_values import DomineeringValues  # noqa: E402


def boards(rows, cols):
    """Every pattern of filled cells on a rows x cols board."""
    for bits in itertools.product(".#", repeat=rows * cols):
        yield tuple("".join(bits[r * cols:(r + 1) * cols]) for r in range(rows))


SHAPES = [(1, 2), (1, 5), (2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3)]


@pytest.mark.parametrize("rows,cols", SHAPES)
def test_python_domineering_equals_the_builtin_value_domineering(rows, cols):
    game = DomineeringValues(rows, cols)
    n = 0
    for p in boards(rows, cols):
        mine = game.cgt_value(p)
        builtin = perfectplay.cgt_value("domineering", "/".join(p))
        assert mine == builtin, (p, str(mine), str(builtin))
        assert str(mine) == str(builtin)
        n += 1
    assert n == 2 ** (rows * cols)


def test_the_cli_and_python_agree_on_the_invariants(cli):
    g = DomineeringValues(2, 3).cgt_value()
    doc = cli.json("value", "domineering", "--position", ".../...", "--json")["value"]
    assert str(g) == doc["canonical"] == "3/4±5/4"
    assert g.outcome == doc["outcome"] == "N"
    assert g.mean == Fraction(doc["mean"]) and g.temperature == Fraction(doc["temperature"])
    assert g.stops == (Fraction(doc["left_stop"]), Fraction(doc["right_stop"]))
    assert g.birthday == doc["birthday"]
    wall = doc["thermograph"]["left_wall"]
    assert g.thermograph["left_wall"]["corners"] == [(Fraction(t), Fraction(v))
                                                     for t, v in wall["corners"]]


def values():
    """Values of small Domineering boards and a few written in the notation."""
    out = [DomineeringValues(r, c).cgt_value(p)
           for r, c in [(2, 2), (2, 3), (3, 2), (1, 4)] for p in boards(r, c)]
    out += [CgtValue(t) for t in ["0", "1", "-1/2", "*", "*2", "^", "v*", "{2|-1}", "+-1",
                                  "{1,{1|0}|-1}", "3/4", "^2"]]
    return sorted(set(out), key=str)


def test_algebra():
    vs = values()
    assert len(vs) > 15
    rng = random.Random(7)
    zero = CgtValue(0)
    for g in vs:
        assert g + (-g) == zero and g - g == 0
        assert -(-g) == g and g + 0 == g and 0 + g == g
        assert CgtValue(str(g)) == g  # the notation reads back
    for _ in range(300):
        g, h, k = rng.choice(vs), rng.choice(vs), rng.choice(vs)
        assert g + h == h + g
        assert (g + h) + k == g + (h + k)
        # Exactly one of <, ==, >, || holds, and order is consistent with sums.
        rel = [g < h, g == h, g > h, g.confused_with(h)]
        assert sum(rel) == 1, (str(g), str(h), rel)
        assert (g <= h) == (g < h or g == h)
        assert (g <= h) == (g - h <= 0) == (h - g >= 0)
        if g <= h:
            assert g + k <= h + k


def test_outcome_classes_are_the_order_against_zero():
    for g in values():
        expected = ("L" if g > 0 else "R" if g < 0 else "P" if g == 0 else "N")
        assert g.outcome == expected, str(g)
        assert g.confused_with(0) == (g.outcome == "N")


def test_notation_and_invariants_of_known_values():
    g = CgtValue("{2|-1}")
    assert g.mean == Fraction(1, 2) and g.temperature == Fraction(3, 2)
    assert g.stops == (2, -1) and g.outcome == "N" and not g.is_number
    assert str(CgtValue("^") + CgtValue("*")) == "^*"
    assert CgtValue("^") > 0 and CgtValue("^").confused_with(CgtValue("*"))
    assert CgtValue("^").atomic_weight == 1 and CgtValue("{2|-1}").atomic_weight is None
    assert CgtValue("1/2") + CgtValue("1/2") == 1
    assert [str(x) for x in CgtValue("{2|-1}").left_options] == ["2"]
    assert CgtValue("*2").birthday == 2
    assert hash(CgtValue("*") + CgtValue("*")) == hash(CgtValue(0))
    with pytest.raises(perfectplay.InputError):
        CgtValue("{1|")


def test_builtin_games_by_name_and_as_game_objects():
    assert str(perfectplay.cgt_value("hackenbush", "BRB")) == "3/4"
    assert str(perfectplay.cgt_value("toads-frogs", "T.F")) == "*"
    with pytest.raises(ValueError, match="no built-in game 'nim' has values"):
        perfectplay.cgt_value("nim", "3")
    # A built-in game object: binim's stacks are integers (its theory), and
    # values of positions add as the positions' stacks do.
    binim = perfectplay.game("binim")
    assert binim.cgt_value("00 1") == 1
    assert binim.cgt_value("00 1") + binim.cgt_value("0 1") == binim.cgt_value("00 1 0 1")


def test_user_partizan_errors_are_clear():
    class Loop(perfectplay.Rules):
        name = "loop"

        def start(self):
            return 0

        def left_moves(self, p):
            return [1]

        def right_moves(self, p):
            return []

        def play(self, p, m):
            return p  # back to itself: a cycle

    with pytest.raises(perfectplay.RequestError, match="cycle"):
        Loop().cgt_value()

    class Raises(Loop):
        def left_moves(self, p):
            raise KeyError("no such move")

    with pytest.raises(KeyError, match="no such move"):
        Raises().cgt_value()
