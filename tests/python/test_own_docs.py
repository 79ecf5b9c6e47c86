"""docs/own-game-python.md's code blocks, run in order in one namespace: each
must run, and every `# ->` comment (`expr  # -> value`, at the top level of a
block) must show the repr of what the expression gives at that point."""
import os
import re

from conftest import ROOT

PAGE = os.path.join(ROOT, "docs", "own-game-python.md")


def test_own_game_page_runs():
    text = open(PAGE, encoding="utf-8").read()
    found = re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)
    assert found
    namespace = {}
    checked = 0
    for code in found:
        pending = []
        for line in code.splitlines():
            m = re.match(r"^(\S.*?)\s+# -> (.*)$", line)
            if not m:
                pending.append(line)
                continue
            exec(compile("\n".join(pending), PAGE, "exec"), namespace)
            pending = []
            got = eval(compile(m.group(1), PAGE, "eval"), namespace)
            assert repr(got) == m.group(2), (line, repr(got))
            checked += 1
        exec(compile("\n".join(pending), PAGE, "exec"), namespace)
    assert checked >= 4
