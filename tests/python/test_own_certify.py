"""certify's reports for own games written in Python (issue 34):
perfectplay.check(game, size=N, shard=(k, n), report=FILE) writes `perfectplay
certify`'s document (the same driver, digest and fingerprint), and the command
line's certify-merge (python -m perfectplay: run_cli over the game) merges the
shards, refusing an edited one and one of other rules."""
import json
import os
import subprocess
import sys

import pytest

import perfectplay

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples", "python")
sys.path.insert(0, EXAMPLES)

from wythoff import Wythoff  # noqa: E402


class Sloppy(Wythoff):
    """Wythoff with a theory wrong on (2, 2) and beyond: losing where a == b."""

    def theory(self, p):
        a, b = p
        if a == b and a >= 2:
            return "loss"
        return super().theory(p)


def cli(*args):
    package = os.path.dirname(os.path.dirname(os.path.abspath(perfectplay.__file__)))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([package, os.environ.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, "-m", "perfectplay", *args], cwd=EXAMPLES, env=env,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def shards(tmp_path_factory):
    d = tmp_path_factory.mktemp("shards")
    files = [str(d / f"wythoff-{k}.json") for k in (1, 2, 3)]
    reports = [perfectplay.check(Wythoff(), size=24, shard=(k, 3), report=f)
               for k, f in zip((1, 2, 3), files)]
    return files, reports


def test_the_shards_cover_the_space_and_agree(shards):
    files, reports = shards
    assert [r["shard"] for r in reports] == [{"index": k, "count": 3} for k in (1, 2, 3)]
    total = sum(r["slice"] for r in reports)
    assert total == reports[0]["instances"] == sum(s + 1 for s in range(25))
    assert all(r["ok"] and r["disagreed"] == 0 and r["complete"] for r in reports)
    assert "rules Wythoff sha256" in reports[0]["description"]
    with open(files[0]) as f:
        assert json.load(f) == reports[0]


def test_the_command_line_merges_the_python_written_shards(shards):
    files, reports = shards
    p = cli("certify-merge", "wythoff.py:Wythoff", *files, "--json")
    assert p.returncode == 0, p.stderr
    merged = json.loads(p.stdout)
    assert merged["merged"] == 3 and merged["ok"] and merged["checked"] == reports[0]["instances"]
    # And the same from Python.
    assert perfectplay.certify_merge(Wythoff(), files)["fingerprint"] == merged["fingerprint"]


def test_a_shard_the_command_line_wrote_merges_with_python_written_ones(shards, tmp_path):
    files, _ = shards
    p = cli("certify", "wythoff.py:Wythoff", "--size", "24", "--shard", "2/3", "--json")
    assert p.returncode == 0, p.stderr
    mine = tmp_path / "cli-2.json"
    mine.write_text(p.stdout)
    p = cli("certify-merge", "wythoff.py:Wythoff", files[0], str(mine), files[2])
    assert p.returncode == 0, p.stderr
    assert "CERTIFIED" in p.stdout


def test_an_edited_shard_is_refused(shards, tmp_path):
    files, _ = shards
    doc = json.load(open(files[1]))
    doc["checked"] -= 1
    doc["skipped"] += 1
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(doc, indent=2))
    p = cli("certify-merge", "wythoff.py:Wythoff", files[0], str(edited), files[2])
    assert p.returncode != 0
    assert "edited.json" in p.stderr and "digest does not match" in p.stderr
    with pytest.raises(ValueError, match="digest does not match"):
        perfectplay.certify_merge(Wythoff(), [files[0], str(edited), files[2]])


def test_a_shard_of_other_rules_is_refused(shards, tmp_path):
    files, _ = shards
    other = str(tmp_path / "sloppy-2.json")
    r = perfectplay.check(Sloppy(), size=24, shard=(2, 3), report=other)
    assert r["game"] == "wythoff" and r["description"] != json.load(open(files[1]))["description"]
    with pytest.raises(ValueError):
        perfectplay.certify_merge(Wythoff(), [files[0], other, files[2]])


def test_a_wrong_theory_is_reported_with_a_shrunk_disagreement():
    r = perfectplay.check(Sloppy(), size=12)
    assert not r["ok"] and r["disagreed"] > 0
    first = r["disagreements"][0]
    assert "theory says loss" in first["detail"] or "theory" in first["detail"]
    # shrink(p) walks it down to the smallest: (2, 2).
    assert first["shrunk"]["instance"] == "(2, 2)"


def test_check_without_a_theory_or_positions_says_so():
    class Bare(perfectplay.Rules):
        def moves(self, n):
            return [1] if n else []

        def play(self, n, k):
            return n - k

        def start(self):
            return 3

    with pytest.raises(perfectplay.RulesError, match="no theory"):
        perfectplay.check(Bare(), size=3)


def test_a_theory_given_to_check_is_bound_into_the_report():
    right = perfectplay.check(Wythoff(), Wythoff().theory, size=10)
    wrong = perfectplay.check(Wythoff(), Sloppy().theory, size=10)
    assert right["ok"] and not wrong["ok"]
    assert right["description"] != wrong["description"]


def test_certify_needs_no_start():
    class Take(perfectplay.Rules):
        def moves(self, n):
            return [1, 2][:n]

        def play(self, n, k):
            return n - k

        def theory(self, n):
            return n % 3 != 0

        def positions(self, size):
            return [size]

    r = perfectplay.check(Take(), size=30)
    assert r["ok"] and r["checked"] == 31
