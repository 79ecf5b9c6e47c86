#!/usr/bin/python3
"""The state API's speed (docs/performance.md, "Python: the state API").

  PYTHONPATH=build/release/python bench/python_state.py [--steps 100000] [--seed 1]

Per game: a random playout of --steps actions from its example positions
(those whose moves a state lists, at most 2^16), restarting at each end; a
step is legal_actions(), a random choice among them, apply_action(): the loop
a Python program that plays writes. Then, on nim, apply_action alone: each
game's action sequence is drawn first, then replayed with the clock around
the applies only (undo, untimed, takes them back). Wall and CPU (process)
time both; steps per second of wall time.
"""
import argparse
import random
import sys
import time

import perfectplay


def starts(g):
    info = g.info
    out = []
    for p in dict.fromkeys([info["default_position"], *info["example_positions"]]):
        if g.analyze(p)["moves_total"] <= 1 << 16:
            out.append(p)
    return out


def playout(g, steps, rng):
    positions = starts(g)
    states = [g.new_initial_state(p) for p in positions]
    s = rng.choice(states).clone()
    done = finished = 0
    choice = rng.choice
    wall, cpu = time.perf_counter(), time.process_time()
    while done < steps:
        actions = s.legal_actions()
        if not actions:
            finished += 1
            s = choice(states).clone()
            continue
        s.apply_action(choice(actions))
        done += 1
    return time.perf_counter() - wall, time.process_time() - cpu, finished


def apply_only(g, position, steps, rng):
    s = g.new_initial_state(position)
    timed, wall, cpu = 0, 0.0, 0.0
    while timed < steps:
        seq = []
        while not s.is_terminal():
            a = rng.choice(s.legal_actions())
            seq.append(a)
            s.apply_action(a)
        for _ in seq:
            s.undo()
        apply = s.apply_action
        w, c = time.perf_counter(), time.process_time()
        for a in seq:
            apply(a)
        wall += time.perf_counter() - w
        cpu += time.process_time() - c
        timed += len(seq)
        for _ in seq:
            s.undo()
    return timed, wall, cpu


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--steps", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    print("| game | steps | wall | CPU | steps/s (wall) | games finished |")
    print("|---|---|---|---|---|---|")
    for info in perfectplay.games():
        if "analyze" not in info["commands"]:
            continue
        g = perfectplay.game(info["name"])
        wall, cpu, finished = playout(g, args.steps, random.Random(args.seed))
        print(f"| {info['name']} | {args.steps} | {wall:.3f} s | {cpu:.3f} s | "
              f"{args.steps / wall:,.0f} | {finished} |", flush=True)
    nim = perfectplay.game("nim")
    for position in ("1 2 3 4 5", "3 4 5"):
        n, wall, cpu = apply_only(nim, position, 10 * args.steps, random.Random(args.seed))
        print(f"\nnim apply_action alone from '{position}': {n} calls, {wall:.3f} s wall, "
              f"{cpu:.3f} s CPU: {n / wall:,.0f} per second (wall), {n / cpu:,.0f} (CPU)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
