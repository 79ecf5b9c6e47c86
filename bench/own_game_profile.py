#!/usr/bin/python3
"""Where the time of an own game's search goes (issue 34): the searches of
bench/own_game_vs_python.py's subtraction and Wythoff rows, three times, for
`perf record` to sample. docs/performance.md, "Own games in Python: where the
time goes", has the command and the split it found.

  PYTHONPATH=build/dev/python perf record -g -o /tmp/perf.data \\
      /usr/bin/python3 bench/own_game_profile.py
  perf report -i /tmp/perf.data --no-children --sort dso
"""
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "examples", "python"))

import perfectplay  # noqa: E402
from subtraction import Subtraction  # noqa: E402
from wythoff import Wythoff  # noqa: E402

for _ in range(3):
    perfectplay.table(Subtraction(), lambda n: n, range(100000))
    perfectplay.solve(Wythoff(), (89, 144))
