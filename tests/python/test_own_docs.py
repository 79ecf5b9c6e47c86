"""docs/own-game-python.md's code blocks, run in order in one namespace: each
must run, and every `# ->` comment (`expr  # -> value`, at the top level of a
block) must show the repr of what the expression gives at that point."""
import os
import sys

from conftest import ROOT
from test_docs import run_page

PAGE = os.path.join(ROOT, "docs", "own-game-python.md")
# The page's later blocks import the examples, as a reader in examples/python does.
sys.path.insert(0, os.path.join(ROOT, "examples", "python"))


def test_own_game_page_runs():
    found, checked = run_page(PAGE)
    assert found
    assert checked >= 4
