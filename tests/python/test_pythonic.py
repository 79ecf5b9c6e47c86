"""Issue 35: calls and errors in Python's words, the package's metadata, its
docstring as a doctest, and the game API without numpy."""
import doctest
import os
import subprocess
import sys
import time

import pytest

import perfectplay

NAMES = [g["name"] for g in perfectplay.games()]


def test_version_is_the_projects():
    from conftest import ROOT

    text = open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8").read()
    import re

    assert re.search(r"project\(perfectplay VERSION ([0-9.]+)", text).group(1) == \
        perfectplay.__version__


def test_module_docstring_passes_doctest():
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    tests = finder.find(perfectplay, "perfectplay")
    examples = sum(len(t.examples) for t in tests)
    for t in tests:
        runner.run(t)
    result = runner.summarize(verbose=False)
    assert result.failed == 0 and examples >= 8


def test_game_api_imports_without_numpy():
    # numpy made unimportable: the game API works, linear_sum_assignment says why not.
    code = (
        "import sys; sys.modules['numpy'] = None\n"
        "import perfectplay\n"
        "assert 'numpy' not in [m for m in sys.modules if sys.modules[m] is not None]\n"
        "print(perfectplay.game('nim').hint('1 2 4')['move'])\n"
        "s = perfectplay.game('nim').new_initial_state('3'); s.apply_action(2); print(s.position())\n"
        "try:\n"
        "    perfectplay.linear_sum_assignment([[1]])\n"
        "except ImportError:\n"
        "    print('needs numpy')\n")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                       env=dict(os.environ))
    assert p.returncode == 0, p.stderr
    assert p.stdout.split("\n")[:3] == ["3 1", "0", "needs numpy"]


def test_underscore_option_names_and_numpy_bools():
    import numpy as np

    binim = perfectplay.game("binim")
    names = [b["name"] for b in binim.info["bounds"]]
    assert "max-length" in names
    assert binim.generate(seed=4, cases=2, max_length=3) == \
        binim.generate(seed=4, **{"cases": 2, "max-length": 3})
    assert perfectplay.game("nim").generate(seed=2, cases=2, exact=np.bool_(True)) == \
        perfectplay.game("nim").generate(seed=2, cases=2, exact=True)
    assert perfectplay.game("nim", misere=np.bool_(True)).options == {"misere": True}
    assert perfectplay.game("nim", misere=np.bool_(True)) == perfectplay.game("nim", misere=True)
    rep = binim.verify(trials=3, seed=1, max_length=3)
    assert rep["ok"] and rep["trials"] == 3


@pytest.mark.parametrize("call,kind,words", [
    (lambda: perfectplay.game("nim").verify(trials=-1), ValueError, "trials"),
    (lambda: perfectplay.game("nim").verify(trials=1.5), TypeError, "trials"),
    (lambda: perfectplay.game("nim").generate(seed=-1), ValueError, "seed"),
    (lambda: perfectplay.game("nim").generate(seed="1"), TypeError, "seed"),
    (lambda: perfectplay.game("nim", max_states=2**70), ValueError, "max_states"),
    (lambda: perfectplay.game("nim", max_states=1.5), TypeError, "max_states"),
    (lambda: perfectplay.game("nim", max_states=True), TypeError, "max_states"),
    (lambda: perfectplay.game("nim").analyze(123), TypeError, "position"),
    (lambda: perfectplay.game("nim").play("1 2", 5), TypeError, "move"),
    (lambda: perfectplay.game(5), TypeError, "name"),
    (lambda: perfectplay.game("nim", misere="yes"), TypeError, "misere"),
    (lambda: perfectplay.game("octal", code=7), TypeError, "code"),
    (lambda: perfectplay.game("nim").generate(cases=0), ValueError, "cases"),
    (lambda: perfectplay.game("nim").generate(cases=2.0), TypeError, "cases"),
    (lambda: perfectplay.game("nim").generate(colour=2), ValueError, "colour"),
    (lambda: perfectplay.game("nim").new_initial_state("1 2").apply_action(7), ValueError,
     "action 7"),
    (lambda: perfectplay.game("nim").new_initial_state("1 2").apply_action(-1), ValueError,
     "action -1"),
    (lambda: perfectplay.game("nim").new_initial_state("1 2").apply_action(2**70), ValueError,
     "action"),
    (lambda: perfectplay.game("nim").new_initial_state("1 2").apply_action(1.0), TypeError,
     "action"),
    (lambda: perfectplay.game("nim").new_initial_state("1 2").action_to_string("0"), TypeError,
     "action"),
])
def test_bad_arguments_are_named_in_pythons_terms(call, kind, words):
    with pytest.raises(kind) as e:
        call()
    text = str(e.value)
    assert words in text
    # No pybind11 signature dump, no C++ types, no command-line words.
    for leak in ("_core", "incompatible function arguments", "std::", "--", "int64", "size_t"):
        assert leak not in text, text


def test_messages_use_keyword_names():
    with pytest.raises(perfectplay.SearchLimitExceeded) as e:
        perfectplay.game("gridgame", max_states=10).analyze(
            perfectplay.game("gridgame").info["example_positions"][1])
    assert "max_states" in str(e.value) and "--" not in str(e.value)
    with pytest.raises(perfectplay.RequestError) as e:
        perfectplay.game("octal", code="4.0")
    assert str(e.value).startswith("code '4.0'") and "--" not in str(e.value)


@pytest.mark.parametrize("name", [n for n in NAMES if n != "assignment"])
def test_moves_are_real_moves(name):
    g = perfectplay.game(name)
    for pos in g.info["example_positions"]:
        a = g.analyze(pos)
        if a["moves_total"] > 2000:
            continue
        moves = g.moves(pos)
        assert len(moves) == a["moves_total"]
        assert len(set(moves)) == len(moves)
        for m in moves[:200]:
            g.play(pos, m)  # every one is accepted
        assert all(".." not in m for m in moves)
        help_lines = g.moves(pos, ranges=True)
        assert isinstance(help_lines, list) and len(help_lines) <= len(moves) + 1


def test_asymmetry_moves_count_as_analyze_counts():
    g = perfectplay.game("asymmetry")
    for pos in g.info["example_positions"]:
        a = g.analyze(pos)
        if a["to_move"] is not None and a["moves_total"] <= 2000:
            assert len(g.moves(pos)) == a["moves_total"]


def test_info_is_parsed_once(monkeypatch):
    g = perfectplay.game("nim")
    g.info
    calls = []
    monkeypatch.setattr(perfectplay._core, "games", lambda: calls.append(1) or "[]")
    start = time.perf_counter()
    for _ in range(100):
        assert g.info["name"] == "nim"
    assert calls == [] and time.perf_counter() - start < 0.1
    g.info["name"] = "changed"
    assert g.info["name"] == "nim"


def test_games_compare_by_name_options_and_budget():
    assert perfectplay.game("nim") == perfectplay.game("nim")
    assert hash(perfectplay.game("nim")) == hash(perfectplay.game("nim"))
    assert perfectplay.game("nim") != perfectplay.game("nim", misere=True)
    assert perfectplay.game("nim") != perfectplay.game("nim", max_states=5)
    assert perfectplay.game("octal") == perfectplay.game("octal", code="0.77") or \
        perfectplay.game("octal").options["code"] != "0.77"
    assert len({perfectplay.game("nim"), perfectplay.game("nim"), perfectplay.game("octal")}) == 2
    assert perfectplay.game("nim") != "nim"
    assert repr(perfectplay.game("nim", misere=True)) == "perfectplay.game('nim', misere=True)"


def test_readme_says_what_python_offers():
    from conftest import ROOT

    text = open(os.path.join(ROOT, "README.md"), encoding="utf-8").read()
    assert "every game and command is there" not in text.lower()
    section = text[text.index("## Python"):]
    section = section[:section.index("\n## ", 4)]
    for name in ("judge", "check", "validate", "certify", "bench"):
        assert name in section, name  # said not to be there
