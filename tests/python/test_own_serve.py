"""The web board for own games written in Python (issue 34): perfectplay.serve
and `python -m perfectplay serve FILE.py:Class`, through the same server as
`perfectplay serve`. Each test starts a server on a free port in a process of
its own (Ctrl-C is a signal to that process) and talks to its /api."""
import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request

import pytest

import perfectplay

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EXAMPLES = os.path.join(ROOT, "examples", "python")
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, EXAMPLES)

from tictactoe import TicTacToe  # noqa: E402
from wythoff import Wythoff  # noqa: E402


class Server:
    """A server process; its URL read from the line it prints."""

    def __init__(self, args, cwd=EXAMPLES):
        # The package this test imported, wherever the server's cwd is.
        package = os.path.dirname(os.path.dirname(os.path.abspath(perfectplay.__file__)))
        env = dict(os.environ, PYTHONUNBUFFERED="1",
                   PYTHONPATH=os.pathsep.join([package, os.environ.get("PYTHONPATH", "")]))
        self.proc = subprocess.Popen([sys.executable, *args], cwd=cwd, env=env,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.lines = []
        self.url = None
        deadline = time.monotonic() + 60
        while self.url is None:
            line = self.proc.stdout.readline()
            if not line:
                raise AssertionError("the server ended: " + self.proc.stderr.read())
            self.lines.append(line)
            if "serving the board on " in line:
                self.url = line.split("serving the board on ")[1].split()[0]
            assert time.monotonic() < deadline
        threading.Thread(target=self._read_rest, daemon=True).start()

    def _read_rest(self):
        for line in self.proc.stdout:
            self.lines.append(line)

    def post(self, route, body):
        req = urllib.request.Request(self.url + "api/" + route, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return r.status, json.loads(r.read())
        except urllib.error.HTTPError as e:
            return e.code, json.loads(e.read())

    def get(self, path):
        with urllib.request.urlopen(self.url + path, timeout=60) as r:
            return r.status, r.read()

    def interrupt(self, within=5):
        """Ctrl-C; returns (exit code, seconds to exit, stderr)."""
        start = time.monotonic()
        self.proc.send_signal(signal.SIGINT)
        code = self.proc.wait(timeout=within)
        return code, time.monotonic() - start, self.proc.stderr.read()

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


@pytest.fixture
def served():
    started = []

    def start(*args, **kw):
        s = Server(list(args), **kw)
        started.append(s)
        return s

    yield start
    for s in started:
        s.kill()


def same_moves(a, b):
    return [(m["move"], m["position"], m["value"], m["best"]) for m in a["moves"]] == \
        [(m["move"], m["position"], m["value"], m["best"]) for m in b["moves"]]


def test_python_m_serve_gives_the_board_every_built_in_route(served):
    s = served("-m", "perfectplay", "serve", "wythoff.py:Wythoff", "tictactoe.py:TicTacToe",
               "--port", "0")
    status, page = s.get("")
    assert status == 200 and b"<html" in page.lower()
    status, games = s.get("api/games")
    names = [g["name"] for g in json.loads(games)["games"]]
    assert names == ["wythoff", "tic-tac-toe"]

    # Values on the moves: the analysis is perfectplay.analyze's.
    status, a = s.post("analyze", {"game": "wythoff", "position": "(4, 8)"})
    assert status == 200, a
    mine = perfectplay.analyze(Wythoff(), (4, 8))
    assert a["value"] == mine["value"] and same_moves(a, mine)
    assert a["value"]["kind"] == "win" and a["best_move"] is not None
    # The start position by default, as format/repr prints it.
    status, a = s.post("analyze", {"game": "wythoff"})
    assert status == 200 and a["position"] == "(3, 5)" and a["value"]["kind"] == "loss"
    # The engine's move and a played move (undo is the board's history of
    # these positions, each analyzed again).
    status, h = s.post("hint", {"game": "wythoff", "position": "(4, 8)"})
    assert status == 200 and h["move"] == mine["best_move"]
    status, p = s.post("play", {"game": "wythoff", "position": "(4, 8)", "move": h["move"]})
    assert status == 200
    status, after = s.post("analyze", {"game": "wythoff", "position": p["position"]})
    assert status == 200 and after["value"]["kind"] == "loss"
    # An illegal move and an unreadable position: 400 with the reason.
    status, e = s.post("play", {"game": "wythoff", "position": "(4, 8)", "move": "nonsense"})
    assert status == 400 and "not a legal move" in e["error"]
    status, e = s.post("analyze", {"game": "wythoff", "position": "(4, "})
    assert status == 400 and "Python literal" in e["error"]

    # draw(p)'s grid of cells, with where each move goes.
    status, t = s.post("analyze", {"game": "tic-tac-toe", "position": "'XO.......'"})
    assert status == 200, t
    assert t["grid"] == perfectplay.analyze(TicTacToe(), "XO.......")["grid"]
    assert t["grid"]["rows"] == 3 and t["grid"]["cols"] == 3
    assert t["grid"]["cells"][0][0] == {"text": "X", "kind": "left"}
    assert t["grid"]["cells"][0][1] == {"text": "O", "kind": "right"}
    assert {"move": "4", "cells": [[1, 1]]} in t["grid"]["moves"]
    assert len(t["grid"]["moves"]) == 7

    code, seconds, err = s.interrupt()
    assert code == 0 and "server stopped" in err
    assert seconds < 2


def test_a_method_raising_fails_that_request_only(served):
    games = os.path.join(HERE, "own_serve_games.py")
    s = served("-m", "perfectplay", "serve", games + ":Touchy", "--port", "0")
    status, e = s.post("analyze", {"game": "touchy", "position": "13"})
    assert status == 500
    assert "ValueError: unlucky thirteen" in e["error"]
    assert "touchy.moves(p)" in e["error"] and "13" in e["error"]
    # The server goes on: the same game at a position that never reaches 13.
    status, a = s.post("analyze", {"game": "touchy", "position": "12"})
    assert status == 200 and a["value"]["kind"] == "loss"
    code, _, err = s.interrupt()
    assert code == 0
    assert "unlucky thirteen" in err and "Traceback" in err  # the traceback, on the server's side


def test_ctrl_c_stops_the_server_while_a_search_runs(served):
    games = os.path.join(HERE, "own_serve_games.py")
    s = served("-m", "perfectplay", "serve", games + ":Slow", "--port", "0", "--time-limit",
               "60000")
    answer = {}

    def ask():
        try:
            answer["r"] = s.post("analyze", {"game": "slow", "position": "3000"})
        except Exception as e:  # the connection is shut when the server stops
            answer["r"] = e

    t = threading.Thread(target=ask)
    t.start()
    time.sleep(1.0)  # the search is running: 2 ms per position, 3000 of them
    assert "r" not in answer
    code, seconds, err = s.interrupt()
    t.join(10)
    assert code == 0 and "server stopped" in err
    assert seconds < 2


def test_perfectplay_serve_returns_on_ctrl_c_and_other_threads_run_meanwhile(served):
    script = (
        "import sys, threading, time\n"
        f"sys.path.insert(0, {EXAMPLES!r})\n"
        "import perfectplay\n"
        "from wythoff import Wythoff\n"
        "def tick():\n"
        "    time.sleep(0.3)\n"
        "    print('tick', flush=True)\n"
        "threading.Thread(target=tick, daemon=True).start()\n"
        "perfectplay.serve(Wythoff(), port=0)\n"
        "print('serve returned', flush=True)\n")
    s = served("-c", script)
    status, a = s.post("analyze", {"game": "wythoff", "position": "(1, 2)"})
    assert status == 200 and a["value"]["kind"] == "loss"
    deadline = time.monotonic() + 10
    while "tick\n" not in s.lines and time.monotonic() < deadline:
        time.sleep(0.05)
    assert "tick\n" in s.lines  # the GIL is free while the server waits
    code, _, _ = s.interrupt()
    time.sleep(0.1)
    assert code == 0 and "serve returned\n" in s.lines


def test_serve_refuses_a_taken_port():
    import socket
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    sock.listen()
    try:
        with pytest.raises(OSError, match="cannot listen"):
            perfectplay.serve(Wythoff(), port=sock.getsockname()[1])
    finally:
        sock.close()


def test_every_example_is_served_with_perfectplay_analyze_s_values(served):
    from coins import Coins
    from dawson import Octal
    from domineering import Domineering
    from nim import Nim
    from subtraction import Subtraction
    from perfectplay import own

    games = {"coins.py:Coins": Coins(), "dawson.py:Octal": Octal(), "nim.py:Nim": Nim(),
             "subtraction.py:Subtraction": Subtraction(), "tictactoe.py:TicTacToe": TicTacToe(),
             "wythoff.py:Wythoff": Wythoff(), "domineering.py:Domineering": Domineering()}
    s = served("-m", "perfectplay", "serve", *games, "--port", "0")
    status, listed = s.get("api/games")
    by_name = {own._word(g): g for g in games.values()}
    assert [g["name"] for g in json.loads(listed)["games"]] == list(by_name)
    for name, game in by_name.items():
        status, a = s.post("analyze", {"game": name})
        assert status == 200, (name, a)
        mine = perfectplay.analyze(game)
        assert a["value"] == mine["value"] and same_moves(a, mine), name
        first = a["moves"][0]
        status, p = s.post("play", {"game": name, "position": a["position"], "move": first["move"]})
        assert status == 200 and p["position"] == first["position"], name
    code, _, _ = s.interrupt()
    assert code == 0


def post(url, route, body):
    req = urllib.request.Request(url + "api/" + route, data=json.dumps(body).encode(),
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=60) as r:
        return json.loads(r.read())


def test_serve_from_a_thread_of_its_own_and_two_servers_at_once():
    from own_serve_games import Touchy
    a = perfectplay.serve(Wythoff(), port=0, block=False)
    with perfectplay.serve(Touchy(), port=0, block=False) as b:
        assert a.url != b.url
        assert post(a.url, "analyze", {"game": "wythoff", "position": "(4, 8)"})["value"]["kind"] \
            == "win"
        assert post(b.url, "analyze", {"game": "touchy", "position": "9"})["value"]["kind"] == "loss"
        a.stop()  # one stopped, the other serves on
        with pytest.raises(urllib.error.URLError):
            post(a.url, "analyze", {"game": "wythoff"})
        assert post(b.url, "analyze", {"game": "touchy", "position": "4"})["value"]["kind"] == "win"
    with pytest.raises(urllib.error.URLError):
        post(b.url, "analyze", {"game": "touchy"})


def test_a_request_past_its_time_limit_frees_its_worker_at_once(served):
    # One worker; a search in slow rules (2 ms a position) past the 300 ms
    # limit gets 422, and the rules refuse to go on for it: the next request
    # is answered at once rather than behind the abandoned search.
    games = os.path.join(HERE, "own_serve_games.py")
    s = served("-m", "perfectplay", "serve", games + ":Slow", "--port", "0", "--workers", "1",
               "--time-limit", "300")
    status, e = s.post("analyze", {"game": "slow", "position": "3000"})
    assert status == 422, e
    start = time.monotonic()
    status, a = s.post("analyze", {"game": "slow", "position": "5"})
    assert status == 200 and a["value"]["kind"] == "win", a
    assert time.monotonic() - start < 1.5
    code, _, _ = s.interrupt()
    assert code == 0


def test_partizan_rules_are_served_with_a_player_to_move(served):
    # Domineering as partizan rules (left_moves, right_moves): the board plays
    # it as perfectplay.ToMove, Left (vertical) first, and its values are the
    # turn-based example's with Vertical first.
    from domineering import Domineering
    from domineering_values import DomineeringValues

    s = served("-m", "perfectplay", "serve", "domineering_values.py:DomineeringValues",
               "--port", "0")
    status, a = s.post("analyze", {"game": "domineering-values"})
    assert status == 200, a
    assert a["position"] == "(('..', '..'), 'L')"
    mine = perfectplay.analyze(perfectplay.ToMove(DomineeringValues()))
    assert a["value"] == mine["value"] and same_moves(a, mine)
    turn_based = perfectplay.solve(Domineering(2, 2), Domineering(2, 2).start("V"))
    assert a["value"] == turn_based
    # ±1: whoever moves first wins, Left or Right.
    assert str(DomineeringValues().cgt_value()) == "±1" and a["value"]["kind"] == "win"
    status, r = s.post("analyze", {"game": "domineering-values",
                                   "position": "(('..', '..'), 'R')"})
    assert status == 200 and r["value"]["kind"] == "win" and len(r["moves"]) == 2
    code, _, _ = s.interrupt()
    assert code == 0


def run_cli(*args):
    package = os.path.dirname(os.path.dirname(os.path.abspath(perfectplay.__file__)))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([package, os.environ.get("PYTHONPATH", "")]))
    return subprocess.Popen([sys.executable, "-m", "perfectplay", *args], cwd=EXAMPLES, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_the_command_line_names_the_users_error_and_takes_ctrl_c():
    games = os.path.join(HERE, "own_serve_games.py")
    p = run_cli("analyze", games + ":Touchy", "--position", "13")
    out, err = p.communicate(timeout=60)
    assert p.returncode == 1, err
    assert "perfectplay: the game's rules raised ValueError: unlucky thirteen" in err
    assert "touchy.moves(p)" in err and "internal error" not in err
    p = run_cli("analyze", games + ":Slow", "--position", "3000")
    time.sleep(1.5)
    p.send_signal(signal.SIGINT)
    out, err = p.communicate(timeout=10)
    assert p.returncode == 1 and "perfectplay: interrupted (Ctrl-C)" in err, err
    assert "Traceback" not in err
