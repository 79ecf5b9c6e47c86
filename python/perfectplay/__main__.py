"""python -m perfectplay COMMAND ... FILE.py:Class ...: the command line
(docs/cli.md) over your own games, written in Python (docs/own-game-python.md).

Each argument ``FILE.py:Class`` (or ``module:Class``) names a game: the class
is loaded and instantiated with no arguments (``FILE.py:name`` may also name
an instance or a function returning one). Where a command takes a game
(analyze, hint, play, verify, certify, bench, explain) the argument stands
for the game's name; for the commands over every game (serve, list,
certify-merge) it only adds the game. For example::

    python -m perfectplay serve wythoff.py:Wythoff --port 8080
    python -m perfectplay analyze wythoff.py:Wythoff --position "(3, 5)"
    python -m perfectplay certify wythoff.py:Wythoff --size 50 --shard 1/2 --json
    python -m perfectplay certify-merge wythoff.py:Wythoff a.json b.json
"""
import importlib
import importlib.util
import os
import sys

from . import own

# The commands whose game is not a word of their own.
_OVER_ALL = {"serve", "list", "certify-merge"}


def _load(spec):
    where, _, attr = spec.rpartition(":")
    if where.endswith(".py"):
        path = os.path.abspath(where)
        if not os.path.exists(path):
            raise SystemExit(f"perfectplay: no file {where}")
        folder = os.path.dirname(path)
        if folder not in sys.path:
            sys.path.insert(0, folder)  # the file's own imports
        name = os.path.splitext(os.path.basename(path))[0]
        module_spec = importlib.util.spec_from_file_location(name, path)
        module = importlib.util.module_from_spec(module_spec)
        sys.modules[name] = module
        module_spec.loader.exec_module(module)
    else:
        module = importlib.import_module(where)
    try:
        obj = getattr(module, attr)
    except AttributeError:
        raise SystemExit(f"perfectplay: {where} has no {attr}") from None
    if isinstance(obj, type) or (callable(obj) and not hasattr(obj, "moves")):
        return obj()  # a class (or a function making the game)
    return obj


def _is_spec(arg):
    where, colon, attr = arg.rpartition(":")
    return bool(colon and attr.isidentifier() and where and not arg.startswith("-")
                and (where.endswith(".py") or all(p.isidentifier() for p in where.split("."))))


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    games, args = [], []
    command = next((a for a in argv if not a.startswith("-")), None)
    for a in argv:
        if _is_spec(a):
            game = _load(a)
            games.append(game)
            if command not in _OVER_ALL:
                args.append(own._word(game))
        else:
            args.append(a)
    if not games and command in ("serve", "certify-merge"):
        print(f"perfectplay: name your game as FILE.py:Class (python -m perfectplay {command} "
              "mygame.py:MyGame ...)", file=sys.stderr)
        return 2
    try:
        entries = own._games(games)
    except own.RulesError as e:
        print(f"perfectplay: {e}", file=sys.stderr)
        return 1
    return own._program().run_cli(entries, ["python -m perfectplay", *args])


if __name__ == "__main__":
    sys.exit(main())
