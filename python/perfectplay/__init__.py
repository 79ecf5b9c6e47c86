"""perfectplay: two-player games of perfect information, played perfectly.

The games of the command-line tool, as Python objects::

    >>> import perfectplay
    >>> g = perfectplay.game("nim", misere=True)
    >>> g.hint("3 4 5")["move"]

and its assignment solver as a drop-in for ``scipy.optimize.linear_sum_assignment``::

    >>> perfectplay.linear_sum_assignment([[4, 1, 3], [2, 0, 5], [3, 2, 2]])

Analyses, hints and reports are dicts in the schema of the command line's
``--json`` output (docs/json.md). See docs/python.md for a tour.
"""

import json as _json

import numpy as _np

from . import _core
from .own import Rules, RulesError, Table, analyze, check, hint, play, solve, table  # noqa: F401

InputError = _core.InputError
RequestError = _core.RequestError
SearchLimitExceeded = _core.SearchLimitExceeded

DEFAULT_SEED = _core.DEFAULT_SEED
DEFAULT_MAX_STATES = _core.DEFAULT_MAX_STATES

__all__ = [
    "DEFAULT_MAX_STATES",
    "DEFAULT_SEED",
    "Game",
    "InputError",
    "RequestError",
    "SearchLimitExceeded",
    "game",
    "games",
    "linear_sum_assignment",
]
__all__ += ["Rules", "RulesError", "Table", "analyze", "check", "hint", "play", "solve", "table"]


def games():
    """Every game (and algorithm) the library offers, as a list of dicts.

    Each dict has ``name``, ``summary``, ``position_format``,
    ``default_position``, ``example_positions``, ``commands`` (the methods it
    offers), ``options`` (the game's own options: flags and text options, with
    their defaults) and ``bounds`` (the size bounds ``verify`` and
    ``generate`` take as keyword arguments, with their ranges); the same as
    ``perfectplay list --json``.
    """
    return _json.loads(_core.games())


def game(name, *, max_states=DEFAULT_MAX_STATES, **options):
    """The game ``name`` with its options, e.g. ``game("nim", misere=True)``.

    Options are the game's flags (booleans) and text options (strings), as
    ``games()`` lists them; an unknown one, or a value of the wrong type,
    raises ``RequestError``. ``max_states`` bounds every exhaustive search
    (the command line's ``--max-states``); passing it raises
    ``SearchLimitExceeded``.
    """
    return Game(name, max_states=max_states, **options)


class Game:
    """A game with its options fixed; every method is one command of the CLI.

    Positions and moves are strings in the syntax of the command line's
    ``--position`` and ``play``. Bad input raises ``InputError`` (with
    ``.line`` and ``.column``); an illegal move or an option out of range
    raises ``RequestError``; a search past ``max_states`` raises
    ``SearchLimitExceeded``. Every call releases the GIL while it works.
    """

    def __init__(self, name, *, max_states=DEFAULT_MAX_STATES, **options):
        """Same as ``perfectplay.game(name, max_states=..., **options)``."""
        self.name = str(name)
        self.max_states = int(max_states)
        if self.max_states < 0:
            raise RequestError("max_states must be a whole number")
        for key in options:
            spec = [b for b in self.info["bounds"] if b["name"] == key]
            if spec:
                raise RequestError(
                    f"{key} is a size bound of verify and generate, not an option of the game: "
                    f"pass it to them")
        self._options = _json.dumps(options)
        self.options = _json.loads(_core.options(self.name, self._options))

    @property
    def info(self):
        """This game's entry of ``games()``."""
        for g in games():
            if g["name"] == self.name:
                return g
        raise RequestError(f"unknown game '{self.name}' (perfectplay.games() lists them)")

    def __repr__(self):
        opts = "".join(f", {k}={v!r}" for k, v in self.options.items())
        return f"perfectplay.game({self.name!r}{opts})"

    def _with(self, bounds):
        merged = dict(_json.loads(self._options))
        merged.update(bounds)
        return _json.dumps(merged)

    def solve(self, text):
        """Contest input in, the contest's answer out (``perfectplay solve``)."""
        return _core.solve(self.name, self._options, self.max_states, text, False)

    def solve_json(self, text):
        """The answers of a contest input as the dict of ``solve --json``."""
        return _json.loads(_core.solve(self.name, self._options, self.max_states, text, True))

    def analyze(self, position):
        """The value of ``position`` and of every legal move (``analyze --json``)."""
        return _json.loads(
            _core.analyze(self.name, self._options, self.max_states, position, False))

    def hint(self, position):
        """The engine's move in ``position`` and why (``hint --json``)."""
        return _json.loads(_core.analyze(self.name, self._options, self.max_states, position, True))

    def moves(self, position):
        """The legal moves of ``position`` as ``play``'s help lists them.

        A run of moves may be written ``FIRST .. LAST``; huge positions are
        abbreviated, but every entry is a real move.
        """
        return _core.moves(self.name, self._options, self.max_states, position)

    def play(self, position, move):
        """The position after ``move`` from ``position``, canonical.

        An illegal move raises ``RequestError`` with the reason ``play`` gives.
        """
        return _core.apply(self.name, self._options, self.max_states, position, move)

    def generate(self, seed=DEFAULT_SEED, **bounds):
        """A random contest input (``perfectplay generate``) as a string.

        ``bounds`` are the game's size bounds (``info["bounds"]``), e.g.
        ``cases=3``; the same seed and bounds give the same text.
        """
        return _core.generate(self.name, self._with(bounds), int(seed))

    def verify(self, trials=1000, seed=DEFAULT_SEED, **bounds):
        """Fast theory against exhaustive reference on random instances.

        Returns the dict of ``verify --json``: ``ok``, ``trials``, ``agreed``,
        ``disagreed`` and ``mismatch`` (the shrunk counterexample, or None).
        """
        return _json.loads(_core.verify(self.name, self._with(bounds), int(trials), int(seed)))


def linear_sum_assignment(cost_matrix, maximize=False):
    """Solve the linear sum assignment problem; SciPy's contract.

    ``cost_matrix`` is any 2-D array-like of integers, booleans or floats,
    of any shape. Every row of the shorter side is assigned to a distinct
    element of the longer side, minimizing (or with ``maximize=True``,
    maximizing) the total cost. Returns ``(row_ind, col_ind)``, int64 arrays
    sorted by row, so that ``cost_matrix[row_ind, col_ind].sum()`` is optimal.

    Integer input is solved exactly in int64 (when its spread max - min is at
    most 2^40, else in float64, as SciPy would); float input in float64.
    ``inf`` (``-inf`` when maximizing) marks a forbidden pair; a matrix with
    no assignment avoiding them raises ``ValueError("cost matrix is
    infeasible")``. NaN, and ``-inf`` (``+inf`` when maximizing), raise
    ``ValueError("matrix contains invalid numeric entries")``. An empty matrix
    gives two empty arrays.

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
    a = _np.asarray(cost_matrix)
    if a.ndim != 2:
        raise ValueError(f"expected a matrix (2-D array), got a {a.ndim} array")
    kind = a.dtype.kind
    if kind == "u" and a.size and a.max() > _np.uint64(_np.iinfo(_np.int64).max):
        a = a.astype(_np.float64)
    elif kind in "biu":
        a = _np.ascontiguousarray(a, dtype=_np.int64)
    elif kind == "f":
        a = _np.ascontiguousarray(a, dtype=_np.float64)
    else:
        a = _np.ascontiguousarray(a.astype(_np.float64, casting="safe"))
    return _core.linear_sum_assignment(a, bool(maximize))
