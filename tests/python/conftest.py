"""Shared fixtures of the Python module's tests.

ctest runs them with PYTHONPATH at the build tree's package and PERFECTPLAY_CLI
at the command-line binary of the same build (tests/CMakeLists.txt); by hand:

  PYTHONPATH=build/release/python PERFECTPLAY_CLI=build/release/perfectplay \\
      /usr/bin/python3 -m pytest -q tests/python
"""
import json
import os
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def cli_path():
    return os.environ.get("PERFECTPLAY_CLI", os.path.join(ROOT, "build", "release", "perfectplay"))


class Cli:
    """Runs the command-line tool of the same build."""

    def run(self, *args, stdin=""):
        return subprocess.run([cli_path(), *args], input=stdin, capture_output=True, text=True)

    def out(self, *args, stdin=""):
        p = self.run(*args, stdin=stdin)
        assert p.returncode == 0, (args, p.stderr)
        return p.stdout

    def json(self, *args, stdin=""):
        return json.loads(self.out(*args, stdin=stdin))


@pytest.fixture(scope="session")
def cli():
    return Cli()
