#!/usr/bin/python3
"""perfectplay.linear_sum_assignment against scipy.optimize.linear_sum_assignment,
in one process, on the same arrays.

For every row a matrix is drawn from a fixed seed; the two calls then
alternate on that same array, REPS times each after one warm-up call of each,
and the median wall time of each is reported (the whole call, as a user sees
it: input checks, any conversion or copy, the solve, the result arrays). The
totals must agree (exactly for int64, within 1e-9 relative for float64).

  PYTHONPATH=build/release/python bench/python_vs_scipy.py [--reps 5] [--quick]
      [--markdown]

float64 rows draw uniform [0, 1); int64 rows uniform integers in [0, 10^6].
"""
import argparse
import os
import platform
import statistics
import sys
import time

import numpy as np
from scipy.optimize import linear_sum_assignment as scipy_lsa

import perfectplay

ROWS = [
    ((1000, 1000), "float64"), ((2000, 2000), "float64"), ((4000, 4000), "float64"),
    ((1000, 1000), "int64"), ((2000, 2000), "int64"), ((4000, 4000), "int64"),
    ((1000, 4000), "float64"), ((1000, 4000), "int64"),
]


def draw(shape, dtype, seed):
    rng = np.random.default_rng(seed)
    if dtype == "float64":
        return rng.random(size=shape)
    return rng.integers(0, 10**6, size=shape, endpoint=True, dtype=np.int64)


def timed(f, a):
    start = time.perf_counter()
    rows, cols = f(a)
    return time.perf_counter() - start, a[rows, cols].sum()


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--reps", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="n <= 2000 only, 3 reps")
    ap.add_argument("--markdown", action="store_true", help="a table for docs/performance.md")
    args = ap.parse_args()
    rows = [r for r in ROWS if not args.quick or max(r[0]) <= 2000]
    reps = 3 if args.quick else args.reps
    if args.markdown:
        print(f"{os.cpu_count()} CPUs, {platform.machine()}, Python {platform.python_version()},"
              f" NumPy {np.__version__}, SciPy {__import__('scipy').__version__}; median of "
              f"{reps} alternating calls each.\n")
        print("| shape | dtype | perfectplay | SciPy | SciPy / ours |")
        print("|---|---|---|---|---|")
    for i, (shape, dtype) in enumerate(rows):
        a = draw(shape, dtype, 100 + i)
        timed(perfectplay.linear_sum_assignment, a)  # warm-up: page in, caches
        timed(scipy_lsa, a)
        ours, theirs = [], []
        for _ in range(reps):
            t, total = timed(perfectplay.linear_sum_assignment, a)
            ours.append(t)
            t, s_total = timed(scipy_lsa, a)
            theirs.append(t)
            if dtype == "int64":
                assert total == s_total, (shape, dtype, total, s_total)
            else:
                assert abs(total - s_total) <= 1e-9 * max(1.0, abs(s_total)), (total, s_total)
        o, s = statistics.median(ours), statistics.median(theirs)
        label = f"{shape[0]} x {shape[1]}"
        if args.markdown:
            print(f"| {label} | {dtype} | {o:.3f} s | {s:.3f} s | {s / o:.1f}x |")
        else:
            print(f"{label:>12} {dtype:8} perfectplay {o:8.3f} s   scipy {s:8.3f} s   "
                  f"ratio {s / o:5.1f}x", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
