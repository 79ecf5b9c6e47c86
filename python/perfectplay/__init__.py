"""perfectplay: two-player games of perfect information, played perfectly.

The games of the command-line tool, as Python objects::

    >>> import perfectplay
    >>> nim = perfectplay.game("nim")
    >>> nim.hint("1 2 4")["move"]
    '3 1'
    >>> perfectplay.game("nim", misere=True).analyze("1 1")["value"]["kind"]
    'win'

a state to play move by move, as OpenSpiel's pyspiel::

    >>> state = nim.new_initial_state("1 2")
    >>> [state.action_to_string(a) for a in state.legal_actions()]
    ['1 1', '2 1', '2 2']
    >>> state.apply_action(2); state.position(), state.current_player()
    ('1 0', 1)

and its assignment solver as a drop-in for
``scipy.optimize.linear_sum_assignment`` (which alone needs NumPy)::

    >>> rows, cols = perfectplay.linear_sum_assignment([[4, 1, 3], [2, 0, 5], [3, 2, 2]])
    >>> cols.tolist()
    [1, 0, 2]

Analyses, hints and reports are dicts in the schema of the command line's
``--json`` output (docs/json.md). See docs/python.md for a tour.
"""

import copy as _copy
import json as _json
import numbers as _numbers

from . import _core
from ._version import __version__
from .own import (CgtValue, Rules, RulesError, Server, Table, ToMove, analyze,  # noqa: F401
                  certify_merge, cgt_value, check, hint, play, serve, solve, table)

InputError = _core.InputError
RequestError = _core.RequestError
SearchLimitExceeded = _core.SearchLimitExceeded
State = _core.State

DEFAULT_SEED = _core.DEFAULT_SEED
DEFAULT_MAX_STATES = _core.DEFAULT_MAX_STATES
PLAYER_TERMINAL = _core.PLAYER_TERMINAL

__all__ = [
    "DEFAULT_MAX_STATES",
    "DEFAULT_SEED",
    "PLAYER_TERMINAL",
    "Game",
    "InputError",
    "RequestError",
    "SearchLimitExceeded",
    "State",
    "__version__",
    "check_explanation",
    "game",
    "games",
    "linear_sum_assignment",
]
__all__ += ["CgtValue", "Rules", "RulesError", "Server", "Table", "ToMove", "analyze", "certify_merge", "cgt_value",
            "check", "hint", "play", "serve", "solve", "table"]

_UINT64_MAX = (1 << 64) - 1
# The registry's list, parsed once: it is fixed for the life of the process.
_GAMES = None


def _games():
    global _GAMES
    if _GAMES is None:
        _GAMES = {g["name"]: g for g in _json.loads(_core.games())}
    return _GAMES


def games():
    """Every game (and algorithm) the library offers, as a list of dicts.

    Each dict has ``name``, ``summary``, ``position_format``,
    ``default_position``, ``example_positions``, ``commands`` (the methods it
    offers), ``options`` (the game's own options: flags and text options, with
    their defaults) and ``bounds`` (the size bounds ``verify`` and
    ``generate`` take as keyword arguments, with their ranges); the same as
    ``perfectplay list --json``. Option and bound names are written as the
    command line writes them (``max-length``); keyword arguments take them
    with underscores (``max_length=``).
    """
    return _copy.deepcopy(list(_games().values()))


def game(name, *, max_states=DEFAULT_MAX_STATES, **options):
    """The game ``name`` with its options, e.g. ``game("nim", misere=True)``.

    Options are the game's flags (``True``/``False``) and text options
    (strings), as ``games()`` lists them; an unknown one raises
    ``RequestError``, a value of the wrong type ``TypeError``. ``max_states``
    bounds every exhaustive search (an integer, 0 to 2^64 - 1); passing it
    raises ``SearchLimitExceeded``.
    """
    return Game(name, max_states=max_states, **options)


def _integer(name, value, low, high):
    """`value` as an int in [low, high], or TypeError/ValueError naming `name`."""
    if isinstance(value, bool) or not isinstance(value, _numbers.Integral):
        raise TypeError(f"{name} must be an integer, not {type(value).__name__}")
    value = int(value)
    if not low <= value <= high:
        raise RequestError(f"{name} must be between {low} and {high}, got {value}")
    return value


def _is_bool(value):
    # NumPy's bool_ is no subclass of bool; recognised without importing numpy.
    return isinstance(value, bool) or (type(value).__module__ == "numpy"
                                       and type(value).__name__ in ("bool_", "bool"))


def _text(name, value):
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, not {type(value).__name__}")
    return str(value)


def _spell(declared):
    """Keyword spelling (underscores) -> the declared name (hyphens) of each of `declared`."""
    out = {}
    for name in declared:
        out[name] = name
        out[name.replace("-", "_")] = name
    return out


class Game:
    """A game with its options fixed; every method is one command of the CLI.

    Positions and moves are strings in the syntax of the command line's
    ``--position`` and ``play``. Bad input raises ``InputError`` (with
    ``.line`` and ``.column``); an illegal move or an option out of range
    raises ``RequestError`` (both are ``ValueError``); an argument of the
    wrong type ``TypeError``; a search past ``max_states`` raises
    ``SearchLimitExceeded``. Every call releases the GIL while it works.
    Two games are equal when their names, options and ``max_states`` are.
    """

    def __init__(self, name, *, max_states=DEFAULT_MAX_STATES, **options):
        """Same as ``perfectplay.game(name, max_states=..., **options)``."""
        name = _text("name", name)
        if name not in _games():
            raise RequestError(f"unknown game '{name}' (perfectplay.games() lists them)")
        self.name = name
        self.max_states = _integer("max_states", max_states, 0, _UINT64_MAX)
        info = _games()[name]
        kinds = {o["name"]: o for o in info["options"]}
        spelled = _spell(kinds)
        bounds = _spell(b["name"] for b in info["bounds"])
        given = {}
        for key, value in options.items():
            if key not in spelled:
                if key in bounds:
                    raise RequestError(
                        f"{key} is a size bound of verify and generate, not an option of the "
                        f"game: pass it to them")
                known = ", ".join(sorted(k.replace("-", "_") for k in kinds)) or "none"
                raise RequestError(f"{name} has no option '{key}' (its options: {known})")
            declared = spelled[key]
            if isinstance(kinds[declared]["default"], bool):
                if not _is_bool(value):
                    raise TypeError(f"{key} must be True or False, not {type(value).__name__}")
                given[declared] = bool(value)
            else:
                given[declared] = _text(key, value)
        self._options = _json.dumps(given)
        self.options = _json.loads(_core.options(self.name, self._options))

    @property
    def info(self):
        """This game's entry of ``games()`` (a copy: changing it changes nothing)."""
        return _copy.deepcopy(_games()[self.name])

    def __repr__(self):
        opts = "".join(f", {k.replace('-', '_')}={v!r}" for k, v in self.options.items())
        limit = "" if self.max_states == DEFAULT_MAX_STATES else f", max_states={self.max_states}"
        return f"perfectplay.game({self.name!r}{opts}{limit})"

    def _key(self):
        return (self.name, _json.dumps(self.options, sort_keys=True), self.max_states)

    def __eq__(self, other):
        if not isinstance(other, Game):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self):
        return hash(self._key())

    def _with(self, bounds):
        """The options with the size bounds of generate or verify, checked."""
        specs = {b["name"]: b for b in _games()[self.name]["bounds"]}
        spelled = _spell(specs)
        merged = dict(_json.loads(self._options))
        for key, value in bounds.items():
            if key not in spelled:
                known = ", ".join(sorted(k.replace("-", "_") for k in specs)) or "none"
                raise RequestError(f"{self.name} has no size bound '{key}' (its bounds: {known})")
            spec = specs[spelled[key]]
            if _is_bool(value) and spec["min"] == 0 and spec["max"] == 1:
                value = int(bool(value))  # a yes/no bound (exact=True)
            value = _integer(key, value, spec["min"], spec["max"])
            merged[spelled[key]] = value
        return _json.dumps(merged)

    def _position(self, position):
        return _text("position", position)

    def solve(self, text):
        """Contest input in, the contest's answer out (``perfectplay solve``)."""
        return _core.solve(self.name, self._options, self.max_states, _text("text", text), False)

    def solve_json(self, text):
        """The answers of a contest input as the dict of ``solve --json``."""
        return _json.loads(
            _core.solve(self.name, self._options, self.max_states, _text("text", text), True))

    def analyze(self, position):
        """The value of ``position`` and of every legal move (``analyze --json``)."""
        return _json.loads(_core.analyze(self.name, self._options, self.max_states,
                                         self._position(position), False))

    def hint(self, position):
        """The engine's move in ``position`` and why (``hint --json``)."""
        return _json.loads(_core.analyze(self.name, self._options, self.max_states,
                                         self._position(position), True))

    def explain(self, position, *, depth=500):
        """Why ``position``'s value is right (``explain --json``, docs/explain.md).

        A dict: the value, the theory's ``argument`` (its ``text`` for people,
        its ``witness`` for programs) and, where exhaustive search reaches,
        the ``game_tree`` (perfect play to the end, every losing move answered
        one level deep). ``check_explanation`` verifies it against the rules.
        """
        if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= 100000:
            raise TypeError("depth must be an int from 0 to 100000")
        return _json.loads(_core.explain(self.name, self._options, self.max_states,
                                         self._position(position), depth))

    def analyze_batch(self, positions, *, hint=False):
        """``analyze`` (or with ``hint=True``, ``hint``) of many positions in one call.

        ``positions`` is any iterable of position strings; returns the list of
        dicts in the same order. One call into the library, the GIL released
        for all of it.
        """
        if isinstance(positions, str):
            raise TypeError("positions must be an iterable of position strings, not one str")
        texts = [_text("each position", p) for p in positions]
        return _json.loads(
            _core.analyze_batch(self.name, self._options, self.max_states, texts, bool(hint)))

    def moves(self, position, *, ranges=False):
        """The legal moves of ``position``, each a move ``play`` accepts.

        In the model's move order (that of ``new_initial_state``'s actions);
        ``[]`` when the game is over. A position with more than 2^22 moves is
        refused (RequestError): ``ranges=True`` gives ``play``'s help instead,
        where a run of moves is written ``FIRST .. LAST`` and huge positions
        are abbreviated.
        """
        position = self._position(position)
        if ranges:
            return _core.move_help(self.name, self._options, self.max_states, position)
        return _core.legal_moves(self.name, self._options, self.max_states, position)

    def play(self, position, move):
        """The position after ``move`` from ``position``, canonical.

        An illegal move raises ``RequestError`` with the reason ``play`` gives.
        """
        return _core.apply(self.name, self._options, self.max_states, self._position(position),
                           _text("move", move))

    def cgt_value(self, position, *, max_parts=1_000_000):
        """The combinatorial game value of ``position`` (a ``CgtValue``), for the
        games with values (``perfectplay value --list``)."""
        return cgt_value(self.name, position, max_parts=max_parts)

    def new_initial_state(self, position=None):
        """A ``State`` to play move by move, from ``position`` (default: the
        game's default position, ``info["default_position"]``)."""
        if position is None:
            position = _games()[self.name]["default_position"]
        return _core.new_state(self.name, self._options, self.max_states,
                               self._position(position))

    def generate(self, seed=DEFAULT_SEED, **bounds):
        """A random contest input (``perfectplay generate``) as a string.

        ``bounds`` are the game's size bounds (``info["bounds"]``), e.g.
        ``cases=3`` or ``max_length=5``; ``seed`` is an integer, 0 to
        2^64 - 1. The same seed and bounds give the same text.
        """
        seed = _integer("seed", seed, 0, _UINT64_MAX)
        return _core.generate(self.name, self._with(bounds), seed)

    def verify(self, trials=1000, seed=DEFAULT_SEED, **bounds):
        """Fast theory against exhaustive reference on random instances.

        ``trials`` and ``seed`` are integers, 0 to 2^64 - 1. Returns the dict
        of ``verify --json``: ``ok``, ``trials``, ``agreed``, ``disagreed``
        and ``mismatch`` (the shrunk counterexample, or None).
        """
        trials = _integer("trials", trials, 0, _UINT64_MAX)
        seed = _integer("seed", seed, 0, _UINT64_MAX)
        return _json.loads(_core.verify(self.name, self._with(bounds), trials, seed))


def linear_sum_assignment(cost_matrix, maximize=False):
    """Solve the linear sum assignment problem; SciPy's contract.

    ``cost_matrix`` is any 2-D array-like SciPy takes: an array of integers,
    booleans or floats (not longdouble), or nested lists, where numeric
    strings, Fractions and Decimals read as numbers and ``None`` as NaN. Every
    row of the shorter side is assigned to a distinct element of the longer
    side, minimizing (or with ``maximize=True``, maximizing) the total cost.
    Returns ``(row_ind, col_ind)``, int64 arrays sorted by row, so that
    ``cost_matrix[row_ind, col_ind].sum()`` is optimal. A constant matrix gives
    the identity (row i to column i), as SciPy promises.

    Integers are solved exactly, whatever their size: int64 and uint64 arrays,
    and Python integers past 64 bits whose spread (max - min) is below 2^100
    (wider ones in float64, as SciPy solves every input). Float input is
    solved in float64. ``inf`` (``-inf`` when maximizing) marks a forbidden
    pair; a matrix with no assignment avoiding them raises
    ``ValueError("cost matrix is infeasible")``. NaN, and ``-inf`` (``+inf``
    when maximizing), raise ``ValueError("matrix contains invalid numeric
    entries")``. An empty matrix gives two empty arrays. Needs NumPy.

    The GIL is released while solving; Ctrl-C abandons the call between
    augmenting paths (each O(n^2) at most) with ``KeyboardInterrupt``.

    >>> import numpy as np
    >>> cost = np.array([[4, 1, 3], [2, 0, 5], [3, 2, 2]])
    >>> row_ind, col_ind = linear_sum_assignment(cost)
    >>> col_ind
    array([1, 0, 2])
    >>> cost[row_ind, col_ind].sum()
    5
    """
    from . import _lsa  # imports numpy: only here, not with the package

    return _lsa.linear_sum_assignment(cost_matrix, maximize)


def check_explanation(document):
    """Checks an explanation (``Game.explain``'s dict, or an edited copy)
    against the rules, as ``perfectplay explain --check`` does.

    Returns ``{"holds": True, "checked": [...]}`` (what was verified, in
    words) or ``{"holds": False, "path": ..., "error": ...}`` naming the first
    defect by its JSON pointer.
    """
    if not isinstance(document, (dict, str)):
        raise TypeError("document must be a dict (Game.explain's) or its JSON text")
    text = document if isinstance(document, str) else _json.dumps(document)
    return _json.loads(_core.check_explanation(text))
