#!/usr/bin/python3
"""perfectplay.linear_sum_assignment against scipy.optimize.linear_sum_assignment,
in one process, on the same arrays.

For every row a matrix is drawn from a fixed seed; the calls then alternate on
that same array, REPS times each after one warm-up call of each, and the
median wall time of each is reported (the whole call, as a user sees it: input
checks, any conversion or copy, the solve, the result arrays), with the ratio
of the medians and the range of the per-round ratios (round k: SciPy's k-th
time over ours). The totals must agree (exactly for int64, within 1e-9
relative for float64).

  PYTHONPATH=build/release/python bench/python_vs_scipy.py [--reps 5] [--quick]
      [--markdown] [--baseline DIR] [--only SUBSTRING] [--cpu]

float64 rows draw uniform [0, 1); int64 rows uniform integers in [0, 10^6];
the "i*j" rows are the structured c[i][j] = i * j (the Machol-Wien matrix,
every augmenting path search long); "constant" all 7s; "low-rank" the
product of an n x 2 and a 2 x m matrix of integers in [0, 1000). --baseline DIR also times another build of
the package (DIR holds its perfectplay/ folder: an older build, for before and
after in the same run).
"""
import argparse
import importlib.util
import os
import platform
import statistics
import sys
import time

import numpy as np
from scipy.optimize import linear_sum_assignment as scipy_lsa

import perfectplay

ROWS = [
    ((1000, 1000), "float64", "random"), ((2000, 2000), "float64", "random"),
    ((4000, 4000), "float64", "random"), ((1000, 1000), "int64", "random"),
    ((2000, 2000), "int64", "random"), ((4000, 4000), "int64", "random"),
    ((1000, 4000), "float64", "random"), ((1000, 4000), "int64", "random"),
    ((1000, 1000), "int64", "i*j"), ((1000, 1000), "float64", "i*j"),
    # Issue 35's structured rows: the rectangle of i*j, constant matrices
    # (SciPy's tie rule: the identity), and rank-2 products of small integers.
    ((1000, 4000), "int64", "i*j"), ((1000, 1000), "int64", "constant"),
    ((1000, 1000), "float64", "constant"), ((1000, 1000), "int64", "low-rank"),
    ((1000, 1000), "float64", "low-rank"), ((1000, 4000), "int64", "low-rank"),
]


def draw(shape, dtype, kind, seed):
    if kind == "i*j":
        return np.multiply.outer(np.arange(shape[0]), np.arange(shape[1])).astype(dtype)
    if kind == "constant":
        return np.full(shape, 7, dtype=dtype)
    rng = np.random.default_rng(seed)
    if kind == "low-rank":
        left = rng.integers(0, 1000, size=(shape[0], 2))
        right = rng.integers(0, 1000, size=(2, shape[1]))
        return (left @ right).astype(dtype)
    if dtype == "float64":
        return rng.random(size=shape)
    return rng.integers(0, 10**6, size=shape, endpoint=True, dtype=np.int64)


def load_baseline(folder):
    init = os.path.join(folder, "perfectplay", "__init__.py")
    spec = importlib.util.spec_from_file_location(
        "perfectplay_baseline", init,
        submodule_search_locations=[os.path.join(folder, "perfectplay")])
    module = importlib.util.module_from_spec(spec)
    sys.modules["perfectplay_baseline"] = module
    spec.loader.exec_module(module)
    return module


CLOCK = time.perf_counter


def timed(f, a):
    start = CLOCK()
    rows, cols = f(a)
    return CLOCK() - start, a[rows, cols].sum()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="n <= 2000 only, 3 reps")
    ap.add_argument("--markdown", action="store_true", help="a table for docs/performance.md")
    ap.add_argument("--baseline", help="folder holding another build's perfectplay/ package")
    ap.add_argument("--only", help="rows whose label contains this")
    ap.add_argument("--cpu", action="store_true",
                    help="CPU time of the process instead of wall time (all three are "
                         "single-threaded: on a loaded machine this leaves out the waits)")
    args = ap.parse_args()
    global CLOCK
    if args.cpu:
        CLOCK = time.process_time
    rows = [r for r in ROWS if not args.quick or max(r[0]) <= 2000]
    reps = 3 if args.quick else args.reps
    base = load_baseline(args.baseline) if args.baseline else None
    contenders = [("ours", perfectplay.linear_sum_assignment), ("scipy", scipy_lsa)]
    if base:
        contenders.append(("baseline", base.linear_sum_assignment))
    if args.markdown:
        print(f"{os.cpu_count()} CPUs, {platform.machine()}, Python {platform.python_version()},"
              f" NumPy {np.__version__}, SciPy {__import__('scipy').__version__}; median of "
              f"{reps} alternating calls each.\n")
        head = "| shape | dtype | values | perfectplay | SciPy | SciPy / ours (rounds) |"
        rule = "|---|---|---|---|---|---|"
        if base:
            head += " before | before / ours |"
            rule += "---|---|"
        print(head)
        print(rule)
    for i, (shape, dtype, kind) in enumerate(rows):
        label = f"{shape[0]} x {shape[1]} {dtype} {kind}"
        if args.only and args.only not in label:
            continue
        a = draw(shape, dtype, kind, 100 + i)
        for _, f in contenders:
            timed(f, a)  # warm-up: page in, caches
        times = {name: [] for name, _ in contenders}
        for _ in range(reps):
            totals = []
            for name, f in contenders:
                t, total = timed(f, a)
                times[name].append(t)
                totals.append(total)
            for total in totals[1:]:
                if dtype == "int64":
                    assert total == totals[0], (label, totals)
                else:
                    assert abs(total - totals[0]) <= 1e-9 * max(1.0, abs(total)), (label, totals)
        med = {name: statistics.median(t) for name, t in times.items()}
        rounds = [s / o for s, o in zip(times["scipy"], times["ours"])]
        ratio = med["scipy"] / med["ours"]
        spread = f"{min(rounds):.1f}-{max(rounds):.1f}"
        if args.markdown:
            line = (f"| {shape[0]} x {shape[1]} | {dtype} | {kind} | {med['ours']:.3f} s | "
                    f"{med['scipy']:.3f} s | {ratio:.1f}x ({spread}) |")
            if base:
                line += f" {med['baseline']:.3f} s | {med['baseline'] / med['ours']:.1f}x |"
            print(line, flush=True)
        else:
            line = (f"{label:>30} perfectplay {med['ours']:8.3f} s   scipy {med['scipy']:8.3f} s"
                    f"   ratio {ratio:5.1f}x ({spread})")
            if base:
                line += f"   before {med['baseline']:8.3f} s ({med['baseline'] / med['ours']:.1f}x)"
            print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
