"""Your own game in a few lines of Python (docs/own-game-python.md).

Write the rules as a class; the C++ solvers of perfectplay search them::

    class Subtraction(perfectplay.Rules):
        name = "subtraction {1,3,4}"
        impartial = True
        def start(self): return 10
        def moves(self, n): return [k for k in (1, 3, 4) if k <= n]
        def play(self, n, k): return n - k

    perfectplay.solve(Subtraction(), 10)       # {'kind': 'nimber', 'nimber': ..., ...}
    perfectplay.table(Subtraction(), lambda n: n, range(60), max_take=4)

Required: ``moves(p)`` (an iterable of moves, any printable values) and
``play(p, m)`` (the position after ``m``; ``p`` is not mutated), and
``start()`` where no position is given. Optional, each unlocking more:

- ``ending = "normal" | "misere"``: who wins when no move is left;
- ``result(p)``: ``None`` while play goes on, else ``"win"``, ``"loss"`` or
  ``"draw"`` for the player to move (tic-tac-toe's three in a row, a full board);
- ``loopy = True``: positions may repeat; repetition is a draw (solved by
  retrograde analysis of every reachable position);
- ``score(p)`` (the final score of a position with no move, an int) with
  ``maximizer(p)`` (whether the player to move maximizes): a scored game,
  solved by alpha-beta with a transposition table;
- ``impartial = True`` and ``components(p)``: Grundy values (nimbers), a
  position being the sum of its components;
- ``key(p)``: a hashable canonical key (default the position itself);
- ``format(p)``: the position's text; ``theory(p)``: your conjectured value;
  ``positions(size)``: every position of a size; ``shrink(p)``: smaller
  positions, for counterexamples.

The search is C++: the memo, the cycle checks and the minimax never call
Python; only your methods run in Python, each once per distinct position.
"""

import json as _jsonlib
import random as _random

from . import _core

RulesError = _core.RulesError

__all__ = [
    "Rules",
    "RulesError",
    "Table",
    "analyze",
    "check",
    "hint",
    "play",
    "solve",
    "table",
]

_DEFAULT_MAX_STATES = _core.DEFAULT_MAX_STATES


class Rules:
    """A base class for your rules (optional: any object with the methods works).

    It only supplies the defaults: ``ending = "normal"``, not impartial, not
    loopy. ``name`` (messages, analyses) defaults to the class name.
    """

    ending = "normal"
    impartial = False
    loopy = False


def _mode(game):
    if getattr(game, "score", None) is not None:
        if getattr(game, "maximizer", None) is None:
            raise RulesError(f"{_name(game)} has score(p) but no maximizer(p): a scored game says "
                             f"who maximizes in each position")
        return "score"
    if getattr(game, "loopy", False):
        return "loopy"
    if getattr(game, "impartial", False) and getattr(game, "ending", "normal") == "normal":
        return "nimber"
    return "winloss"


def _name(game):
    return getattr(game, "name", type(game).__name__)


def _start(game, position):
    if position is not None:
        return position
    start = getattr(game, "start", None)
    if start is None:
        raise RulesError(f"{_name(game)} has no start(): pass a position")
    return start()


def _search(game, max_states):
    return _core.OwnSearch(game, _mode(game), int(max_states))


def _json(text):
    return _jsonlib.loads(text)


def solve(game, position=None, *, max_states=_DEFAULT_MAX_STATES):
    """The value of ``position`` (default ``game.start()``) for the player to move.

    A dict in the schema of the built-in games' values (docs/json.md):
    ``{"kind": "win", "remoteness": 3, "source": "reference"}``, or kind
    ``loss``, ``draw``, ``score`` (with ``score``) or ``nimber`` (with
    ``nimber``). Raises ``SearchLimitExceeded`` past ``max_states`` positions,
    ``RulesError`` when the rules break a contract, and whatever your methods
    raise, with a note naming the method and the position.
    """
    return _json(_search(game, max_states).value(_start(game, position)))


def analyze(game, position=None, *, max_states=_DEFAULT_MAX_STATES):
    """The value of ``position`` and of every move (``analyze --json``'s schema)."""
    return _json(_search(game, max_states).analyze(_start(game, position), False))


def hint(game, position=None, *, max_states=_DEFAULT_MAX_STATES):
    """The best move in ``position`` and its value (``hint --json``'s schema)."""
    return _json(_search(game, max_states).analyze(_start(game, position), True))


# ---- tables and patterns ----------------------------------------------------


class Table:
    """The values of a family of positions, with the pattern found in them.

    ``sizes`` and ``values`` (nimbers and scores as ints, win/loss games as
    "win"/"loss"/"draw"); ``preperiod`` and ``period`` (the smallest period,
    then the smallest pre-period, consistent with every value, seen repeat
    at least twice; None if there is none); ``status``: "proven" (a theorem
    applies, ``reason`` says which), "observed", or None; ``formula_fails``:
    the first size where the given formula disagrees (None: it never does).
    ``str(table)`` prints it.
    """

    def __init__(self, name, sizes, values):
        self.name = name
        self.sizes = list(sizes)
        self.values = list(values)
        self.preperiod = None
        self.period = None
        self.status = None
        self.reason = ""
        self.formula_fails = None

    def __iter__(self):
        return iter(zip(self.sizes, self.values))

    def __str__(self):
        lines = [f"{self.name}: {len(self.values)} values"]
        for i in range(0, len(self.values), 10):
            row = " ".join(f"{_short(v):>4}" for v in self.values[i:i + 10])
            lines.append(f"{self.sizes[i]:>6}: {row}")
        if self.period is None:
            lines.append("no period seen twice")
        else:
            lines.append(f"period {self.period}, pre-period {self.preperiod}: {self.status}"
                         + (f" ({self.reason})" if self.reason else ""))
            lines.append("repeating part: " +
                         " ".join(_short(v) for v in
                                  self.values[self.preperiod:self.preperiod + self.period]))
        if self.formula_fails is not None:
            lines.append(f"the formula first fails at size {self.formula_fails}")
        return "\n".join(lines)


def _short(v):
    return {"win": "W", "loss": "L", "draw": "D"}.get(v, str(v))


def find_period(values, repeats=2):
    """The smallest period p, then the smallest pre-period e, such that
    ``values[n + p] == values[n]`` for every n >= e in range, and the periodic
    part spans at least ``repeats`` periods; ``(None, None)`` if none does."""
    n = len(values)
    for p in range(1, n // repeats + 1):
        e = n - p  # walk back while the pair (k, k + p) agrees
        while e > 0 and values[e - 1] == values[e - 1 + p]:
            e -= 1
        if n - e >= repeats * p:
            return e, p
    return None, None


def table(game, family, sizes, *, max_take=None, splits=False, formula=None,
          max_states=_DEFAULT_MAX_STATES):
    """The value of ``family(size)`` for each size, as a ``Table``.

    One search serves every row (a row reuses the positions the rows before
    it stored). The period found is "observed"; it is "proven" only where a
    theorem applies, which you declare:

    - ``max_take=t`` (and ``splits=False``): a subtraction game with a finite
      subtraction set whose largest element is t, ``family(n)`` the heap of n:
      a period p from e that holds for e <= n < e + t holds forever;
    - ``max_take=t, splits=True``: an octal game (a move removes at most t
      tokens and may split the rest into two heaps): the Guy-Smith theorem,
      a period holding for e <= n < 2e + p + t holds forever.

    Both need the sizes to be 0, 1, 2, ... in order. ``formula(size)``: a
    conjectured value; ``formula_fails`` is the first size where it is wrong.
    """
    sizes = list(sizes)
    search = _search(game, max_states)
    values = search.plain_many([family(s) for s in sizes])
    t = Table(_name(game), sizes, values)
    t.preperiod, t.period = find_period(values)
    mode = _mode(game)
    # Guy-Smith is about Grundy values (sums of heaps); the subtraction
    # bound about any value that depends only on the t values below it
    # (nimbers, or outcomes of a single heap), not about scores.
    applies = mode == "nimber" if splits else mode in ("nimber", "winloss")
    if not applies and max_take is not None:
        t.reason = (f"no theorem declared applies to {mode} values"
                    + (" (Guy-Smith needs nimbers: normal play, impartial)" if splits else ""))
    if t.period is not None:
        t.status = "observed"
        if applies and max_take is not None and sizes == list(range(len(sizes))):
            e, p, k = t.preperiod, t.period, int(max_take)
            need = 2 * e + 2 * p + k if splits else e + p + k
            theorem = ("the Guy-Smith theorem for octal games" if splits else
                       "a finite subtraction set's bound")
            if len(values) >= need:
                t.status = "proven"
                t.reason = f"{theorem}: the period holds on sizes {e} to {need - 1}"
            else:
                t.reason = f"{theorem} needs values up to size {need - 1}"
    if formula is not None:
        for s, v in zip(sizes, values):
            if _normalize(formula(s), v) != v:
                t.formula_fails = s
                break
    return t


def _normalize(claim, value):
    """A theory's claim in the reference's terms: a bool means "the player to
    move wins" (for nimbers: the value is not 0)."""
    if isinstance(claim, bool):
        if isinstance(value, int):
            return value if (value != 0) == claim else ("not " + str(value))
        return "win" if claim else "loss"
    return claim


# ---- checking a theory ------------------------------------------------------


def check(game, theory=None, *, sizes=None, trials=None, seed=5489,
          max_states=_DEFAULT_MAX_STATES):
    """Your theory against exhaustive search, as ``verify`` reports it.

    ``theory(p)`` (default ``game.theory``) returns the value: a nimber or a
    score as an int, "win"/"loss"/"draw", or a bool (the player to move
    wins). With ``sizes``: every position of ``game.positions(size)`` for
    each size; with ``trials=N`` as well: N of them drawn at random (seeded).
    Returns ``{"ok", "trials", "agreed", "disagreed", "mismatch"}``; the
    mismatch (None when ok) is the smallest counterexample: shrunk by
    ``game.shrink(p)`` where given, else the first by size.
    """
    if theory is None:
        theory = getattr(game, "theory", None)
        if theory is None:
            raise RulesError(f"{_name(game)} has no theory(p): pass a theory")
    if sizes is None:
        raise RulesError("check needs sizes (positions(size) is called for each)")
    enumerate_ = getattr(game, "positions", None)
    if enumerate_ is None:
        raise RulesError(f"{_name(game)} has no positions(size): check enumerates positions")
    search = _search(game, max_states)
    pool = [(s, p) for s in sizes for p in enumerate_(s)]
    if trials is not None:
        rng = _random.Random(seed)
        pool = [pool[rng.randrange(len(pool))] for _ in range(int(trials))] if pool else []
    agreed = disagreed = 0
    first = None
    for size, p in pool:
        value = search.plain(p)
        if _normalize(theory(p), value) == value:
            agreed += 1
        else:
            disagreed += 1
            if first is None:
                first = (size, p)
    mismatch = None
    if first is not None:
        size, p = first
        original = p
        shrink = getattr(game, "shrink", None)
        steps = 0
        while shrink is not None:
            for q in shrink(p):
                v = search.plain(q)
                if _normalize(theory(q), v) != v:
                    p = q
                    steps += 1
                    break
            else:
                break
        value = search.plain(p)
        fmt = getattr(game, "format", None) or repr
        mismatch = {"position": fmt(p), "size": size if p is original else None,
                    "theory": _normalize(theory(p), value), "reference": value,
                    "shrink_steps": steps, "found_at": fmt(original)}
    return {"ok": disagreed == 0, "trials": agreed + disagreed, "agreed": agreed,
            "disagreed": disagreed, "mismatch": mismatch}


# ---- playing in the terminal ------------------------------------------------

_HELP = ("commands: a move (as listed), 'undo', 'hint', 'value', 'moves', 'quit'; "
         "a number picks the move of that index")


def play(game, position=None, *, input=input, output=print,
         max_states=_DEFAULT_MAX_STATES):
    """Play ``game`` in the terminal against yourself, with the engine's help.

    The command line's play loop: type a move (as ``moves`` lists it, or its
    index), ``undo``, ``hint`` (the best move and why), ``value`` (the value
    of the position), ``moves`` or ``quit``. ``input``/``output`` may be
    replaced (tests). Returns the final position.
    """
    search = _search(game, max_states)
    fmt = getattr(game, "format", None) or repr
    draw = getattr(game, "draw", None)
    history = [_start(game, position)]
    output(_HELP)
    while True:
        p = history[-1]
        output(draw(p) if draw is not None else fmt(p))
        moves = list(game.moves(p))
        over = not moves or (getattr(game, "result", None) is not None
                             and game.result(p) is not None)
        if over:
            output("game over: " + _text(_json(search.value(p))))
        try:
            line = input("> " if not over else "(undo or quit) > ").strip()
        except EOFError:
            return p
        if line in ("quit", "q", "exit"):
            return p
        if line == "undo":
            if len(history) > 1:
                history.pop()
            else:
                output("nothing to undo")
            continue
        if line == "value":
            output(_text(_json(search.value(p))))
            continue
        if line == "hint":
            h = _json(search.analyze(p, True))
            output(h["reason"] if h["move"] is None else f"{h['move']}: {_text(h['value'])}")
            continue
        if line == "moves":
            output(", ".join(f"{i}: {m}" for i, m in enumerate(moves)))
            continue
        chosen = [m for m in moves if str(m) == line]
        if not chosen and line.isdigit() and int(line) < len(moves):
            chosen = [moves[int(line)]]
        if over or not chosen:
            output(f"not a legal move: {line!r} ({_HELP})")
            continue
        history.append(game.play(p, chosen[0]))


def _text(v):
    k = v["kind"]
    if k in ("win", "loss"):
        return k + (f" in {v['remoteness']}" if v.get("remoteness") is not None else "")
    if k == "score":
        return str(v["score"])
    if k == "nimber":
        return f"*{v['nimber']}"
    return k
