"""The package's surface: the .pyi stub covers every public name and method,
and every public function and method has a docstring."""
import ast
import inspect
import os

import perfectplay

STUB = os.path.join(os.path.dirname(perfectplay.__file__), "__init__.pyi")


def stub_tree():
    return ast.parse(open(STUB, encoding="utf-8").read())


def test_stub_covers_the_public_names():
    tree = stub_tree()
    names = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            names.add(node.target.id)
    assert set(perfectplay.__all__) <= names
    game = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "Game")
    stub_methods = {n.name for n in game.body if isinstance(n, ast.FunctionDef)}
    public = {n for n, _ in inspect.getmembers(perfectplay.Game) if not n.startswith("_")}
    assert public <= stub_methods
    state = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "State")
    stub_state = {n.name for n in state.body if isinstance(n, ast.FunctionDef)}
    public = {n for n, _ in inspect.getmembers(perfectplay.State) if not n.startswith("_")}
    assert public <= stub_state and len(public) >= 15


def test_docstrings_everywhere():
    for name in perfectplay.__all__:
        obj = getattr(perfectplay, name)
        if callable(obj):
            assert inspect.getdoc(obj), name
    for cls in (perfectplay.Game, perfectplay.State):
        for name, member in inspect.getmembers(cls):
            if not name.startswith("_"):
                assert inspect.getdoc(member), name
    for exc in (perfectplay.InputError, perfectplay.RequestError, perfectplay.SearchLimitExceeded):
        assert exc.__doc__ and exc.__module__ == "perfectplay"
