# Type stub of the perfectplay package (python/perfectplay/__init__.py).
from fractions import Fraction
from typing import Any, Final, Iterable

import numpy as np
import numpy.typing as npt

__version__: Final[str]
DEFAULT_SEED: Final[int]
DEFAULT_MAX_STATES: Final[int]
PLAYER_TERMINAL: Final[int]

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
    def explain(self, position: str, *, depth: int = 500) -> dict[str, Any]:
        """Why the position's value is right, as a checkable witness (`explain --json`)."""
    def analyze_batch(
        self, positions: Iterable[str], *, hint: bool = False
    ) -> list[dict[str, Any]]:
        """analyze (or hint) of many positions in one call."""
    def moves(self, position: str, *, ranges: bool = False) -> list[str]:
        """The legal moves of a position, each one `play` accepts."""
    def play(self, position: str, move: str) -> str:
        """The position after `move`, canonical."""
    def new_initial_state(self, position: str | None = None) -> State:
        """A State to play move by move (pyspiel's new_initial_state)."""
    def cgt_value(self, position: str, *, max_parts: int = ...) -> CgtValue:
        """The combinatorial game value of a position (the games of `value --list`)."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...
    def generate(self, seed: int = ..., **bounds: int) -> str:
        """A random contest input."""
    def verify(self, trials: int = ..., seed: int = ..., **bounds: int) -> dict[str, Any]:
        """Fast theory against exhaustive reference (`verify --json`)."""

class State:
    """A game in progress, played by action numbers (pyspiel's State)."""

    def legal_actions(self) -> list[int]:
        """The legal actions, 0 to k - 1; [] when the game is over."""
    def num_actions(self) -> int:
        """How many legal moves the position has."""
    def action_to_string(self, action: int) -> str:
        """The move of `action`, in play syntax."""
    def string_to_action(self, move: str) -> int:
        """The action of a move typed in play syntax."""
    def apply_action(self, action: int) -> None:
        """Plays `action`."""
    def undo(self) -> bool:
        """Takes back the last action; False when none was played."""
    def clone(self) -> State:
        """An independent copy."""
    def is_terminal(self) -> bool:
        """Whether the game is over."""
    def current_player(self) -> int:
        """0 or 1; PLAYER_TERMINAL when the game is over."""
    def mover_name(self) -> str:
        """The game's name for the side to move."""
    def move_number(self) -> int:
        """Actions played since the start."""
    def returns(self) -> list[float]:
        """Each player's result at the end; [0.0, 0.0] before."""
    def position(self) -> str:
        """The position, canonical."""
    def value(self) -> dict[str, Any]:
        """The engine's value of the position to the player to move."""
    def analyze(self) -> dict[str, Any]:
        """Game.analyze of the position."""
    def hint(self) -> dict[str, Any]:
        """Game.hint of the position."""

def linear_sum_assignment(
    cost_matrix: npt.ArrayLike, maximize: bool = False
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """SciPy's linear_sum_assignment: (row_ind, col_ind) of an optimal assignment."""

def check_explanation(document: dict[str, Any] | str) -> dict[str, Any]:
    """Checks an explanation against the rules (`explain --check`)."""

# Own games from Python (perfectplay/own.py, docs/own-game-python.md).

class RulesError(ValueError):
    """A user's rules broke a contract (a move listed twice, an unhashable key, a cycle...)."""

class Rules:
    """An optional base class for your rules: moves(p), play(p, m), and optional methods."""

    ending: str
    impartial: bool
    loopy: bool
    def cgt_value(self, p: Any = ..., *, max_parts: int = ...) -> CgtValue:
        """The combinatorial game value of p (partizan rules: left_moves, right_moves)."""

class CgtValue:
    """A short partizan game's value in canonical form: +, -, comparisons, str."""

    def __init__(self, text: str | int) -> None: ...
    def __add__(self, other: CgtValue | int) -> CgtValue: ...
    def __radd__(self, other: int) -> CgtValue: ...
    def __sub__(self, other: CgtValue | int) -> CgtValue: ...
    def __rsub__(self, other: int) -> CgtValue: ...
    def __neg__(self) -> CgtValue: ...
    def __le__(self, other: CgtValue | int) -> bool: ...
    def __lt__(self, other: CgtValue | int) -> bool: ...
    def __ge__(self, other: CgtValue | int) -> bool: ...
    def __gt__(self, other: CgtValue | int) -> bool: ...
    def confused_with(self, other: CgtValue | int) -> bool:
        """G || H: neither G <= H nor H <= G."""
    outcome: str
    is_number: bool
    mean: Fraction
    temperature: Fraction
    stops: tuple[Fraction, Fraction]
    birthday: int
    atomic_weight: CgtValue | None
    thermograph: dict[str, Any]
    left_options: list[CgtValue]
    right_options: list[CgtValue]

def cgt_value(game: Any, position: Any = ..., *, max_parts: int = ...) -> CgtValue:
    """The combinatorial game value of a partizan position (your rules or a built-in game)."""

def serve(game: Any, host: str = ..., port: int = ..., open: bool = ..., *, block: bool = ...,
          max_states: int = ..., time_limit: float = ..., workers: int = ...) -> Server | None:
    """The web board for your game (perfectplay serve's), until Ctrl-C (block=False: a Server)."""

class ToMove(Rules):
    """Partizan rules played with a player to move: positions (p, "L") and (p, "R")."""

    rules: Any
    first: str
    def __init__(self, rules: Any, first: str = ...) -> None: ...

class Server:
    """A board served from a thread of its own (serve(..., block=False))."""

    url: str
    def stop(self) -> None:
        """Stops the server and waits for it."""
    def __enter__(self) -> Server: ...
    def __exit__(self, *exc: Any) -> None: ...

def certify_merge(game: Any, reports: Iterable[str], *, threads: int = ...) -> dict[str, Any]:
    """certify-merge of the shard reports check(size=..., shard=..., report=...) wrote."""

class Table:
    """The values of a family of positions, with the period found in them."""

    name: str
    sizes: list[Any]
    values: list[Any]
    preperiod: int | None
    period: int | None
    status: str | None
    reason: str
    formula_fails: Any

def solve(game: Any, position: Any = ..., *, max_states: int = ...) -> dict[str, Any]:
    """The value of a position of your game (the built-in games' value schema)."""

def analyze(game: Any, position: Any = ..., *, max_states: int = ...) -> dict[str, Any]:
    """The value of a position of your game and of every move (`analyze --json`)."""

def hint(game: Any, position: Any = ..., *, max_states: int = ...) -> dict[str, Any]:
    """The best move in a position of your game (`hint --json`)."""

def table(
    game: Any,
    family: Any,
    sizes: Any,
    *,
    max_take: int | None = ...,
    splits: bool = ...,
    formula: Any = ...,
    max_states: int = ...,
) -> Table:
    """The value of family(size) for each size, with the period found and whether it is proven."""

def check(
    game: Any,
    theory: Any = ...,
    *,
    sizes: Any = ...,
    trials: int | None = ...,
    seed: int = ...,
    size: int | None = ...,
    shard: tuple[int, int] | None = ...,
    report: str | None = ...,
    threads: int = ...,
    checkpoint: str | None = ...,
    max_states: int = ...,
) -> dict[str, Any]:
    """Your theory against exhaustive search, with a shrunk counterexample (verify's verdicts)."""

def play(game: Any, position: Any = ..., *, input: Any = ..., output: Any = ...,
         max_states: int = ...) -> Any:
    """Play your game in the terminal: moves, undo, hint, value."""
