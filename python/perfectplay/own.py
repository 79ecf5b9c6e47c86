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
- ``format(p)``/``parse(text)``: the position's text and back (default:
  ``repr`` and a Python literal); ``theory(p)``: your conjectured value
  (``theory_move(p)``: its move); ``positions(size)``: every position of a
  size; ``shrink(p)``: smaller positions, for counterexamples;
- ``draw(p)``: the board, as text or as a grid of cells (``where(p, m)``:
  the cells a move covers), for ``play`` and the web board (``serve``).

The search is C++: the memo, the cycle checks and the minimax never call
Python; only your methods run in Python, each once per distinct position.
"""

import hashlib as _hashlib
import inspect as _inspect
import json as _jsonlib
import os as _os
import random as _random
import re as _re

from . import _core

RulesError = _core.RulesError
CgtValue = _core.CgtValue

__all__ = [
    "Rules",
    "RulesError",
    "Server",
    "Table",
    "CgtValue",
    "analyze",
    "certify_merge",
    "cgt_value",
    "check",
    "hint",
    "play",
    "serve",
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

    def cgt_value(self, p=None, *, max_parts=1_000_000):
        """The combinatorial game value of ``p`` (partizan rules: ``left_moves``
        and ``right_moves``), as ``perfectplay.cgt_value(self, p)``."""
        return cgt_value(self, p, max_parts=max_parts)


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
    """The value of ``position`` and of every move (``analyze --json``'s schema).

    With ``draw(p)`` giving a grid of cells, the document has its "grid" (the
    web board's cells, docs/json.md) as ``serve``'s analyses do."""
    p = _start(game, position)
    doc = _json(_search(game, max_states).analyze(p, False))
    grid = _board(game, p)[1]
    if grid is not None:
        doc["grid"] = _jsonlib.loads(grid)
    return doc


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


def check(game, theory=None, *, sizes=None, trials=None, seed=5489, size=None, shard=None,
          report=None, threads=1, checkpoint=None, max_states=_DEFAULT_MAX_STATES):
    """Your theory against exhaustive search, as ``verify`` reports it.

    ``theory(p)`` (default ``game.theory``) returns the value: a nimber or a
    score as an int, "win"/"loss"/"draw", or a bool (the player to move
    wins). With ``sizes``: every position of ``game.positions(size)`` for
    each size; with ``trials=N`` as well: N of them drawn at random (seeded).
    Returns ``{"ok", "trials", "agreed", "disagreed", "mismatch"}``; the
    mismatch (None when ok) is the smallest counterexample: shrunk by
    ``game.shrink(p)`` where given, else the first by size.

    With ``size=N`` instead: ``perfectplay certify``'s run over every
    position of ``positions(s)`` for s = 0 .. N, each compared with the
    theory and so is every move from it (the theory's own move too:
    ``theory_move(p)``, else the move to the child the theory values best),
    ``shard=(k, n)`` of them (default all), on ``threads``, with a
    ``checkpoint`` file to resume from if named. Returns certify's report
    (docs/certify.md: the same document and digest as ``certify --json``) and
    writes it to ``report`` (a path) if given; ``certify_merge`` (or
    ``python -m perfectplay certify-merge FILE.py:Class REPORTS...``) merges
    the shards. An impartial game's theory returns the nimber here.
    """
    if size is not None:
        return _certify(game, theory, size, shard, report, threads, checkpoint, max_states)
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
    history = [_start(game, position)]
    output(_HELP)
    while True:
        p = history[-1]
        output(_board(game, p)[0].rstrip("\n"))
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


# ---- the board: draw(p) as text and as cells ----------------------------------

_KIND = _re.compile(r"^[A-Za-z][A-Za-z0-9_-]{0,31}$")


def _cell(game, p, c):
    """A cell of draw(p): "text", (text, kind) or None (no cell: "blocked")."""
    if c is None:
        return {"text": "", "kind": "blocked"}
    if isinstance(c, str):
        return {"text": c, "kind": "empty" if c.strip() in ("", ".") else "piece"}
    if isinstance(c, (tuple, list)) and len(c) == 2:
        text, kind = c
        if not isinstance(kind, str) or not _KIND.match(kind):
            raise RulesError(f"{_name(game)}.draw(p) gave the cell kind {kind!r} on "
                             f"{_fmt(game, p)}: a kind is one word (letters, digits, - and _)")
        return {"text": "" if text is None else str(text), "kind": kind}
    raise RulesError(f"{_name(game)}.draw(p) gave the cell {c!r} on {_fmt(game, p)}: a cell "
                     f"is a str, a (text, kind) pair, or None")


def _cells_at(game, p, m, where):
    """where(p, m) (or draw's "moves" entry) as a list of [row, col]."""
    if where is None:
        return []
    if (isinstance(where, (tuple, list)) and len(where) == 2
            and all(isinstance(x, int) for x in where)):
        where = [where]
    out = []
    for rc in where:
        if not (isinstance(rc, (tuple, list)) and len(rc) == 2
                and all(isinstance(x, int) for x in rc)):
            raise RulesError(f"{_name(game)}: the cells of the move {m!r} on {_fmt(game, p)} are "
                             f"{where!r}: give a (row, col) pair or a list of them")
        out.append([rc[0], rc[1]])
    return out


def _fmt(game, p):
    f = getattr(game, "format", None)
    return f(p) if f is not None else repr(p)


def _board(game, p):
    """draw(p) read as the terminal's text and the web board's grid.

    Returns ``(text, grid)``: ``grid`` is the JSON text of analyze's "grid"
    (docs/json.md) or None. What draw(p) may return:

    - a str, or a list of str (rows of text): the board as text;
    - a list of rows of cells (each row a list; a str row is one cell per
      character): a grid. A cell is a str (its text; kind "empty" for "",
      " " or ".", else "piece"), a ``(text, kind)`` pair (kind: one word the
      board styles by, such as "left", "right", "blocked"), or None (no cell);
    - a dict ``{"cells": rows, "moves": {move: [(row, col), ...]}}``: a grid
      and where each move goes (keys: the moves, or their str).

    Where each move goes, otherwise: ``where(p, m)``, a (row, col) pair or a
    list of them (a click on any plays the move). Without ``draw``: the
    position's text.
    """
    draw = getattr(game, "draw", None)
    if draw is None:
        return _fmt(game, p) + "\n", None
    d = draw(p)
    placed = None
    if isinstance(d, dict):
        placed = d.get("moves")
        d = d.get("cells")
    if isinstance(d, str):
        return d.rstrip("\n") + "\n", None
    rows = list(d) if d is not None else []
    if all(isinstance(r, str) for r in rows) and placed is None:
        return "\n".join(rows) + "\n", None
    cells = [[_cell(game, p, c) for c in (list(r) if isinstance(r, str) else r)] for r in rows]
    ncols = max((len(r) for r in cells), default=0)
    for r in cells:  # rows of unequal length: the missing cells are no cells
        r.extend({"text": "", "kind": "blocked"} for _ in range(ncols - len(r)))
    moves = []
    where = getattr(game, "where", None)
    if placed is not None or where is not None:
        by_text = {str(k): v for k, v in placed.items()} if placed is not None else {}
        for m in game.moves(p):
            at = where(p, m) if where is not None else by_text.get(str(m))
            rc = _cells_at(game, p, m, at)
            for r, c in rc:
                if not (0 <= r < len(cells) and 0 <= c < ncols):
                    raise RulesError(f"{_name(game)}: the move {m!r} on {_fmt(game, p)} goes to "
                                     f"the cell ({r}, {c}), outside the {len(cells)} x {ncols} "
                                     f"grid draw(p) gave")
            if rc:
                moves.append({"move": str(m), "cells": rc})
    width = max((len(c["text"]) for r in cells for c in r), default=1)
    text = "\n".join(" ".join((c["text"] or ".").ljust(width) for c in r).rstrip()
                     for r in cells)
    grid = {"rows": len(cells), "cols": ncols, "cells": cells, "moves": moves}
    return text + "\n", _jsonlib.dumps(grid)


# ---- the game as a GameEntry: the board, the command line, certify ----------


def _program():
    from . import _program as program  # the web server's libraries: loaded only here
    return program


def _word(game):
    """The game's name as a command-line word (letters, digits, - and _)."""
    w = _re.sub(r"[^A-Za-z0-9_-]+", "-", str(_name(game))).strip("-")
    return w or type(game).__name__


def _identity(game):
    """What certify reports bind a game's run to: the hash of its rules'
    source (else its class name) and of the module that ran them."""
    parts = [game._game, game.theory] if isinstance(game, _WithTheory) else [game]
    parts = [x.rules if isinstance(x, ToMove) else x for x in parts]
    source = ""
    for part in parts:
        what = part if callable(part) and not hasattr(part, "moves") else type(part)
        try:
            source += _inspect.getsource(what)
        except (OSError, TypeError):
            source += getattr(what, "__qualname__", repr(what))
    rules = _hashlib.sha256(source.encode()).hexdigest()[:16]
    game = parts[0]
    mod = _program().__file__
    with open(mod, "rb") as f:
        module = _hashlib.sha256(f.read()).hexdigest()[:16]
    return f"rules {type(game).__qualname__} sha256 {rules}, perfectplay module sha256 {module}"


def _info(game):
    rules = game.rules if isinstance(game, ToMove) else game
    doc = (type(rules).__doc__ or "").strip().splitlines()
    summary = doc[0] if doc else f"{_name(game)}: your own game, written in Python"
    fmt = ("as format(p) writes it" if getattr(game, "format", None) is not None
           else "a Python literal, as repr(p) writes it")
    examples = list(getattr(game, "examples", None) or [])
    return {"name": _word(game), "summary": summary, "start": _first(game, examples),
            "position_format": fmt + (" (parse(text) reads it)"
                                      if getattr(game, "parse", None) is not None else ""),
            "examples": examples,
            "identity": _identity(game) if getattr(game, "positions", None) else ""}


def _first(game, examples):
    """The position the board and `play` start from: start(), else the first
    example, else the first of positions(0), positions(1), ... (certify needs
    no start)."""
    if getattr(game, "start", None) is not None:
        return game.start()
    if examples:
        return examples[0]
    positions = getattr(game, "positions", None)
    if positions is not None:
        for size in range(64):
            for p in positions(size):
                return p
    raise RulesError(f"{_name(game)} has no start(): the board and the command line need a "
                     f"first position (define start(), or examples = [...])")


def _entry(game, max_states):
    mode = _mode(game)
    if mode == "loopy":
        raise RulesError(f"{_name(game)} is loopy: the board, the command line and certify "
                         f"search games that end (solve, analyze and play take loopy games)")
    return (game, mode, _info(game), int(max_states))


def _games(game, max_states=_DEFAULT_MAX_STATES):
    games = list(game) if isinstance(game, (list, tuple)) else [game]
    return [_entry(_playable(g), max_states) for g in games]


def _playable(game):
    """Partizan rules (left_moves and right_moves, no moves) as ToMove(game):
    the board and the command line play a game with a player to move."""
    if getattr(game, "moves", None) is None and getattr(game, "left_moves", None) is not None:
        return ToMove(game)
    return game


class ToMove(Rules):
    """Partizan rules played with a player to move: a position is ``(p, "L")``
    (Left to move) or ``(p, "R")``, ``moves`` are that player's options, and
    who cannot move loses. ``serve`` and ``python -m perfectplay`` wrap
    partizan rules so; wrap them yourself for ``solve``, ``analyze``, ``play``::

        perfectplay.solve(perfectplay.ToMove(Domineering()), (board, "L"))

    ``start()`` is the rules' start with ``first`` to move; ``format`` is the
    rules' format (else repr) followed by the side, ``parse`` reads it back
    with the rules' parse; ``draw`` and ``where`` are the rules' (``where``
    given the position without the side); ``key`` is the rules' key with the
    side.
    """

    def __init__(self, rules, first="L"):
        if first not in ("L", "R"):
            raise ValueError("first is 'L' (Left moves first) or 'R'")
        self.rules = rules
        self.first = first
        self.name = _name(rules)
        self.__doc__ = type(rules).__doc__
        for method in ("start", "key", "format", "draw", "where"):
            if getattr(rules, method, None) is None:
                setattr(self, method, None)
        if getattr(rules, "format", None) is None or getattr(rules, "parse", None) is None:
            self.parse = None

    def start(self):
        return (self.rules.start(), self.first)

    def moves(self, q):
        p, side = q
        return list(self.rules.left_moves(p) if side == "L" else self.rules.right_moves(p))

    def play(self, q, m):
        p, side = q
        return (self.rules.play(p, m), "R" if side == "L" else "L")

    def key(self, q):
        return (self.rules.key(q[0]), q[1])

    def format(self, q):
        return f"{self.rules.format(q[0])} {q[1]}"

    def parse(self, text):
        body, _, side = text.rstrip().rpartition(" ")
        if side not in ("L", "R"):
            raise ValueError("a position, then L or R (who is to move)")
        return (self.rules.parse(body), side)

    def draw(self, q):
        return self.rules.draw(q[0])

    def where(self, q, m):
        return self.rules.where(q[0], m)


def _announcer(open_browser):
    """What a serve calls with its URL once bound: print it, open a browser."""
    def announce(url):
        print(f"perfectplay: serving the board on {url} (Ctrl-C stops)", flush=True)
        if open_browser:
            import webbrowser
            webbrowser.open(url)
    return announce


def serve(game, host="127.0.0.1", port=8080, open=False, *, block=True,
          max_states=_DEFAULT_MAX_STATES, time_limit=5.0, workers=2):
    """The web board for ``game`` (or a list of games), as ``perfectplay serve``
    gives the built-in ones: values on the moves, the chart, undo, the engine,
    hints, drawn from ``draw(p)`` where given. Blocks until Ctrl-C, then stops
    the server cleanly and returns.

    ``port=0`` takes a free port (printed); ``open=True`` opens a browser.
    ``block=False`` serves from a thread of its own and returns a ``Server``
    at once (``.url``, ``.stop()``; a context manager). ``max_states`` bounds
    one request's search, ``time_limit`` (seconds) its wall clock (then the
    board says so, 422). Your methods run on the server's worker threads, one
    at a time (the GIL); one that raises gives that request an error naming
    it (the traceback is printed here) and the server goes on. Positions
    travel as ``format(p)``'s text and come back through ``parse(text)``,
    else the texts already shown, else a Python literal (``repr``'s text of
    tuples, numbers, strings). ``OSError`` when the address cannot be bound.
    """
    games = _games(game, max_states)
    args = (str(host), int(port), int(max_states), max(1, int(time_limit * 1000)), int(workers))
    if not block:
        return Server(games, args, open)
    if _program().serve(games, *args, _announcer(open), None) != 0:
        raise OSError(f"perfectplay.serve: cannot listen on {host}:{port}")
    return None


class Server:
    """A board served from a thread of its own: ``serve(game, block=False)``.

    ``url`` is where it is; ``stop()`` stops it (its searches cancelled) and
    waits for the thread; ``with perfectplay.serve(game, port=0, block=False)
    as s:`` stops it at the end of the block.
    """

    def __init__(self, games, args, open_browser):
        import threading
        self.url = None
        self._stop = threading.Event()
        ready = threading.Event()
        announce = _announcer(open_browser)

        def bound(url):
            self.url = url
            announce(url)
            ready.set()

        def run():
            try:
                self._code = _program().serve(games, *args, bound, self._stop.is_set)
            finally:
                ready.set()

        self._code = None
        self._thread = threading.Thread(target=run, name="perfectplay-serve", daemon=True)
        self._thread.start()
        ready.wait()
        if self.url is None:
            self._thread.join()
            raise OSError(f"perfectplay.serve: cannot listen on {args[0]}:{args[1]}")

    def stop(self):
        """Stops the server (its searches are cancelled) and waits for it."""
        self._stop.set()
        self._thread.join()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.stop()


def _certify(game, theory, size, shard, report, threads, checkpoint, max_states):
    if theory is not None and theory is not getattr(game, "theory", None):
        game = _WithTheory(game, theory)
    for method in ("theory", "positions"):
        if getattr(game, method, None) is None:
            raise RulesError(f"{_name(game)} has no {method}(...): check(size=...) compares "
                             f"theory(p) with exhaustive search on every position of "
                             f"positions(size)")
    k, n = (1, 1) if shard is None else shard
    if not (1 <= int(k) <= int(n)):
        raise ValueError(f"shard=({k}, {n}): the shard is (k, n) with 1 <= k <= n")
    text = _program().certify(_games(game, max_states), int(size), int(k), int(n),
                              int(threads), checkpoint or "")
    if report is not None:
        with open(report, "w") as f:
            f.write(text + "\n")
    return _jsonlib.loads(text)


class _WithTheory:
    """A game with another theory: every attribute is the game's but theory."""

    def __init__(self, game, theory):
        self._game = game
        self.theory = theory

    def __getattr__(self, name):
        return getattr(self._game, name)


def certify_merge(game, reports, *, threads=1):
    """``perfectplay certify-merge`` of the shard reports ``check(..., size=,
    shard=, report=)`` wrote: each report's digest, fingerprint and counts
    checked, and each checked against ``game``'s positions; the merged
    report, as a dict. ``ValueError`` naming the report refused."""
    texts = []
    for r in reports:
        with open(r) as f:
            texts.append(f.read(1 << 20))
    return _jsonlib.loads(_program().certify_merge(_games(game), texts,
                                                   [_os.fspath(r) for r in reports], int(threads)))


def _theory_claim(game, p):
    """theory(p) as (kind, number) for the C++ side: ("win"|"loss"|"draw", 0),
    ("nimber", n) or ("score", s)."""
    claim = game.theory(p)
    mode = _mode(game)
    if isinstance(claim, bool):
        if mode == "nimber":
            raise RulesError(f"{_name(game)}.theory(p) returned a bool on {_fmt(game, p)}: "
                             f"certify compares an impartial game's nimbers, so theory(p) "
                             f"returns the nimber (an int)")
        return ("win" if claim else "loss", 0)
    if claim in ("win", "loss", "draw"):
        return (claim, 0)
    if isinstance(claim, int) and mode in ("nimber", "score"):
        return (mode, claim)
    raise RulesError(f"{_name(game)}.theory(p) returned {claim!r} on {_fmt(game, p)}: it "
                     f"returns 'win', 'loss', 'draw', a bool (the player to move wins), or an "
                     f"int (a nimber, a score)")


def _theory_move_index(game, p):
    """The index in moves(p) of the theory's move: theory_move(p) where
    given, else the first move to a child the theory itself values best for
    the mover (a loss for the opponent, a nimber 0, the best score)."""
    moves = list(game.moves(p))
    tm = getattr(game, "theory_move", None)
    if tm is not None:
        m = tm(p)
        if m is None:
            return None
        for k, x in enumerate(moves):
            if x == m or str(x) == str(m):
                return k
        return None
    mode = _mode(game)
    best, best_key = None, None
    for k, m in enumerate(moves):
        kind, v = _theory_claim(game, game.play(p, m))
        if mode == "score":
            key = v if game.maximizer(p) else -v
        else:
            key = {"loss": 2, "draw": 1}.get(kind, 0) if kind != "nimber" else (2 if v == 0 else 0)
        if best_key is None or key > best_key:
            best, best_key = k, key
    if mode != "score" and best_key == 0:
        return None  # every move leaves the opponent winning, says the theory
    return best


# ---- combinatorial game values ------------------------------------------------


def cgt_value(game, position=None, *, max_parts=1_000_000):
    """The value of a partizan position in canonical form, as a ``CgtValue``.

    ``game``: your partizan rules (``left_moves(p)`` and ``right_moves(p)``:
    the moves of Left and of Right, ``play(p, m)``; optional
    ``components(p)``, the independent parts whose values add up, and
    ``key(p)``; ``position`` defaults to ``start()``), or a built-in game with
    values, by name or as ``perfectplay.game(...)``, with the position in its
    text (``perfectplay value --list``: domineering, toads-frogs, hackenbush,
    clobber, binim, and cgt, the notation itself).

    A ``CgtValue`` adds (``+``), negates and subtracts (``-``), compares
    (``<=``, ``<``, ``==``: the order of games; ``confused_with``: neither is
    <= the other, G || H) with other values and ints; ``str`` is the standard
    notation (``{2|-1}``, ``^*``, ``3/4``, ``±1``), and ``CgtValue(text)``
    reads it back. Its properties: ``outcome`` ("L", "R", "P" or "N"),
    ``mean``, ``temperature``, ``stops`` (left and right, as Fractions),
    ``birthday``, ``thermograph`` (the walls as corners and a last slope),
    ``atomic_weight`` (all-small values, else None), ``is_number``,
    ``left_options`` and ``right_options`` (canonical). ``max_parts`` bounds
    the distinct parts valued (then ``SearchLimitExceeded``).
    """
    if getattr(game, "left_moves", None) is not None:
        return _core.cgt_of_rules(game, _start(game, position), int(max_parts))
    name = game if isinstance(game, str) else getattr(game, "name", None)
    if not isinstance(name, str):
        raise TypeError("cgt_value takes partizan rules (left_moves and right_moves) or a "
                        "built-in game with values (its name, or perfectplay.game(name))")
    if position is None:
        raise TypeError(f"cgt_value of the built-in {name} needs a position (its text)")
    return _core.cgt_of_builtin(name, str(position), int(max_parts))
