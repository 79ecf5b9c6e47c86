# Type stub of the perfectplay package (python/perfectplay/__init__.py).
from typing import Any, Final

import numpy as np
import numpy.typing as npt

DEFAULT_SEED: Final[int]
DEFAULT_MAX_STATES: Final[int]

class InputError(ValueError):
    """Bad input; .line and .column (1-based) say where, .message what."""

    line: int
    column: int
    message: str

class RequestError(ValueError):
    """An illegal move, an unknown game or option, an option out of range."""

class SearchLimitExceeded(RuntimeError):
    """An exhaustive search passed its budget of stored positions."""

    limit: int

def games() -> list[dict[str, Any]]:
    """Every game the library offers (name, summary, options, bounds...)."""

def game(name: str, *, max_states: int = ..., **options: bool | str) -> Game:
    """The game `name` with its options, e.g. game("nim", misere=True)."""

class Game:
    """A game with its options fixed; every method is one command of the CLI."""

    name: str
    max_states: int
    options: dict[str, bool | str]
    def __init__(self, name: str, *, max_states: int = ..., **options: bool | str) -> None: ...
    @property
    def info(self) -> dict[str, Any]:
        """This game's entry of games()."""
    def solve(self, text: str) -> str:
        """Contest input in, the contest's answer out."""
    def solve_json(self, text: str) -> dict[str, Any]:
        """The answers of a contest input as the dict of `solve --json`."""
    def analyze(self, position: str) -> dict[str, Any]:
        """The value of a position and of every legal move (`analyze --json`)."""
    def hint(self, position: str) -> dict[str, Any]:
        """The engine's move in a position and why (`hint --json`)."""
    def moves(self, position: str) -> list[str]:
        """The legal moves of a position as `play`'s help lists them."""
    def play(self, position: str, move: str) -> str:
        """The position after `move`, canonical."""
    def generate(self, seed: int = ..., **bounds: int) -> str:
        """A random contest input."""
    def verify(self, trials: int = ..., seed: int = ..., **bounds: int) -> dict[str, Any]:
        """Fast theory against exhaustive reference (`verify --json`)."""

def linear_sum_assignment(
    cost_matrix: npt.ArrayLike, maximize: bool = False
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """SciPy's linear_sum_assignment: (row_ind, col_ind) of an optimal assignment."""
