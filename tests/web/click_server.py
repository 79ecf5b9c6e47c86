#!/usr/bin/env python3
"""The server's part of a click on the board, without a browser.

For every board game, its default position and each example that fits a URL,
the first listed move is played ROUNDS times, sending what the board sends
(a browser's Accept-Encoding, the page's Origin), timed from the first byte
sent to the last byte of the answer read:

  --flow one   POST /api/play with "analyze": true (the board since round 2)
  --flow two   POST /api/play, then POST /api/analyze of the child (before)

Prints a table (p50, p95, max per game) and the server's CPU time over the
clicks (from /proc). Not in ctest: a measure (docs/performance.md).

  python3 tests/web/click_server.py build/dev/perfectplay-serve [--flow one] [--rounds 5]
"""
import argparse
import gzip
import http.client
import json
import math
import os
import re
import subprocess
import time

parser = argparse.ArgumentParser()
parser.add_argument("server", help="perfectplay-serve")
parser.add_argument("--flow", choices=["one", "two"], default="one")
parser.add_argument("--rounds", type=int, default=5)
args = parser.parse_args()

proc = subprocess.Popen([args.server, "--port", "0"], stdout=subprocess.PIPE, text=True)
port = int(re.search(r"http://127\.0\.0\.1:(\d+)/", proc.stdout.readline()).group(1))
HEAD = {"Content-Type": "application/json", "Origin": f"http://127.0.0.1:{port}",
        "Sec-Fetch-Site": "same-origin", "Accept-Encoding": "gzip, deflate, br, zstd"}


def post(path, body, encodings=True):
    conn = http.client.HTTPConnection("127.0.0.1", port)
    head = HEAD if encodings else {k: v for k, v in HEAD.items() if k != "Accept-Encoding"}
    conn.request("POST", path, json.dumps(body), head)
    r = conn.getresponse()
    data = r.read()
    conn.close()
    if r.status != 200:
        raise SystemExit(f"{path}: {r.status} {data[:200]}")
    encoding = r.getheader("Content-Encoding")
    if encoding == "gzip":
        return json.loads(gzip.decompress(data))
    # Brotli (the server before round 2): read, not decoded (no module here).
    return None if encoding == "br" else json.loads(data)


def cpu_seconds():
    fields = open(f"/proc/{proc.pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pct(xs, p):
    # The nearest-rank percentile, as latency.mjs takes it.
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, math.ceil(p * len(s)) - 1))]


try:
    conn = http.client.HTTPConnection("127.0.0.1", port)
    conn.request("GET", "/api/games")
    games = json.loads(conn.getresponse().read())
    games = games["games"] if isinstance(games, dict) else games
    print(f"flow {args.flow}, {args.rounds} rounds")
    print("| game | clicks | p50 ms | p95 ms | max ms |")
    print("|---|---|---|---|---|")
    start, clicks = cpu_seconds(), 0
    for g in games:
        if "analyze" not in g.get("commands", ["analyze"]):
            continue  # not a board game (the assignment solver: solve only)
        times = []
        for position in [g["default_position"]] + g["example_positions"]:
            if len(position) > 2000:
                continue
            body = {"game": g["name"], "options": {}, "position": position}
            a = post("/api/analyze", body, encodings=False)
            if not a.get("moves"):
                continue
            move = a["moves"][0]
            for _ in range(args.rounds):
                t = time.perf_counter()
                if args.flow == "one":
                    played = post("/api/play", dict(body, move=move["move"], analyze=True))
                    assert played["analysis"]["position"] == played["position"]
                else:
                    post("/api/play", dict(body, move=move["move"]))
                    post("/api/analyze", dict(body, position=move["position"]))
                times.append((time.perf_counter() - t) * 1000)
        if times:
            clicks += len(times)
            print(f"| {g['name']} | {len(times)} | {pct(times, 0.5):.1f} | {pct(times, 0.95):.1f} | "
                  f"{max(times):.1f} |")
    print(f"server CPU: {cpu_seconds() - start:.2f} s for {clicks} clicks")
finally:
    proc.terminate()
    proc.wait()
