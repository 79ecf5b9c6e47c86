"""docs/python.md's code blocks, run in order in one namespace, as a reader
would paste them into a notebook: each must run, and every `# ->` comment
(`expr  # -> value`, at the top level of a block) must show the repr of what
the expression gives at that point."""
import os
import re

from conftest import ROOT

PAGE = os.path.join(ROOT, "docs", "python.md")


def blocks(page=PAGE):
    text = open(page, encoding="utf-8").read()
    return re.findall(r"^```python\n(.*?)^```", text, flags=re.S | re.M)


def run_page(page):
    """Runs a page's python blocks in order in one namespace, checking every
    `# ->` comment; returns (blocks, comments checked)."""
    found = blocks(page)
    namespace = {}
    checked = 0
    for code in found:
        pending = []
        for line in code.splitlines():
            m = re.match(r"^(\S.*?)\s+# -> (.*)$", line)
            if not m:
                pending.append(line)
                continue
            exec(compile("\n".join(pending), page, "exec"), namespace)
            pending = []
            got = eval(compile(m.group(1), page, "eval"), namespace)
            assert repr(got) == m.group(2), (line, repr(got))
            checked += 1
        exec(compile("\n".join(pending), page, "exec"), namespace)
    return len(found), checked


def test_tour_runs():
    found, checked = run_page(PAGE)
    assert found >= 4
    assert checked >= 5
