#!/usr/bin/env python3
"""Two `perfectplay bench` binaries side by side, per game.

  bench/compare_bench.py OLD NEW [--size S] [--reps N] [GAME...]

Runs `OLD bench --size S --json` and `NEW bench --size S --json` alternately, REPS
times each (old, new, old, new, ...), so that a change in the machine's load hits
both alike, and prints a Markdown table: per game the nodes (the signature; the
two must agree unless --allow-different), and for each binary the median nodes/s
with the range over the runs, new / old of the medians, and the new binary's
median visits/s (positions reached from expanded ones, answered by a table or not,
when its bench reports them). nodes/s is nodes over the searches' CPU time, as
`perfectplay bench` reports it.
"""
import argparse
import json
import statistics
import subprocess
import sys


def run(binary, size, games):
    out = subprocess.run([binary, "bench", "--size", str(size), "--json"] + games, check=True,
                         capture_output=True, text=True).stdout
    return json.loads(out)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("games", nargs="*")
    ap.add_argument("--size", type=int, default=3)
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--allow-different", action="store_true",
                    help="report different signatures instead of failing")
    args = ap.parse_args()
    rates = {"old": {}, "new": {}}
    visits = {}
    nodes = {"old": {}, "new": {}}
    for rep in range(args.reps):
        for which, binary in (("old", args.old), ("new", args.new)):
            doc = run(binary, args.size, args.games)
            for g in doc["games"] + [dict(doc, game="(all)")]:
                seconds = max(g["seconds"], 1e-9)
                rates[which].setdefault(g["game"], []).append(g["nodes"] / seconds)
                nodes[which][g["game"]] = (g["nodes"], g["checksum"])
                if which == "new" and "visited" in g:
                    visits.setdefault(g["game"], []).append(g["visited"] / seconds)
        print(f"rep {rep + 1} of {args.reps} done", file=sys.stderr, flush=True)
    differ = [g for g in nodes["new"] if nodes["old"].get(g) != nodes["new"][g]]
    if differ and not args.allow_different:
        sys.exit(f"the signatures differ for {', '.join(differ)}: {nodes}")

    def cell(xs):
        return f"{statistics.median(xs) / 1e6:.2f} M ({min(xs) / 1e6:.2f}-{max(xs) / 1e6:.2f})"

    print("| game | nodes | old nodes/s, median (range) | new nodes/s, median (range) | new / old "
          "| new visits/s |")
    print("|---|---|---|---|---|---|")
    for g in rates["new"]:
        old, new = rates["old"][g], rates["new"][g]
        n = nodes["new"][g][0] if nodes["old"].get(g) == nodes["new"][g] else (
            f"{nodes['old'][g][0]} / {nodes['new'][g][0]}")
        v = f"{statistics.median(visits[g]) / 1e6:.1f} M" if g in visits else "-"
        print(f"| {g} | {n} | {cell(old)} | {cell(new)} | "
              f"{statistics.median(new) / statistics.median(old):.1f}x | {v} |")


if __name__ == "__main__":
    main()
