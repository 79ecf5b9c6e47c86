#!/usr/bin/python3
"""Our assignment solver against SciPy's linear_sum_assignment, dlib's
max_cost_assignment and a textbook Hungarian method (written in
bench/assignment_peers.cpp as a baseline) on the same random matrices, in one
run.

Each matrix is drawn from a fixed seed; the three solvers run on it in turn,
REPS times, and the median solve time of each is reported (solve only: SciPy
timed in-process around the call, ours and dlib inside their program, not
counting reading the file). Each solver gets the matrix in its own working
type, made before the clock starts: SciPy a float64 array (it converts any
other dtype to float64 inside the call, which would count a 128 MB copy at
n = 4000 against it), ours an int64 CostMatrix, dlib its own matrix. All the
costs must be equal.

  bench/assignment_compare.py [--sizes 500,1000,2000,4000] [--reps 3] [--no-dlib]
      [--dlib-max N] [--textbook-max N] [--csv FILE] [--old PEERS] [--variants dense,scalar]

--old PEERS also times our solver as built by another assignment_peers binary
(an older build: before and after in the same run, the issue 18 table);
--variants times ours with the candidate stage off (dense) or with the
portable kernels (scalar) too.

Needs python3-scipy and, for dlib, libdlib-dev (scripts/setup_bench.sh) and
build/release/bench/assignment_peers.
"""
import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
from scipy.optimize import linear_sum_assignment

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PEERS = os.path.join(ROOT, "build", "release", "bench", "assignment_peers")


def run_peer(which, path, binary=PEERS):
    out = subprocess.run([binary, which, path], check=True, capture_output=True, text=True).stdout.split()
    return int(out[0]), float(out[1])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="500,1000,2000,4000")
    ap.add_argument("--ranges", default="1000000,1000")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--no-dlib", action="store_true")
    ap.add_argument("--dlib-max", type=int, default=4000, help="skip dlib above this n")
    ap.add_argument("--textbook-max", type=int, default=4000, help="skip the textbook Hungarian above this n")
    ap.add_argument("--csv")
    ap.add_argument("--old", help="another assignment_peers binary (an older build)")
    ap.add_argument("--variants", default="", help="dense,scalar: our other tunings")
    args = ap.parse_args()
    variants = [v for v in args.variants.split(",") if v]
    rows = []
    print(f"{'n':>6} {'values':>12} {'ours s':>9} {'scipy s':>9} {'dlib s':>9} {'textbk s':>9} "
          f"{'scipy/ours':>10} {'dlib/ours':>10} {'textbk/ours':>11}"
          + (f" {'old s':>9} {'old/ours':>9}" if args.old else "")
          + "".join(f" {v + ' s':>9} {v + '/ours':>11}" for v in variants) + "  cost")
    for n in [int(x) for x in args.sizes.split(",")]:
        for hi in [int(x) for x in args.ranges.split(",")]:
            rng = np.random.RandomState(n * 7919 + hi % 1000003)
            cost = rng.randint(0, hi + 1, size=(n, n)).astype(np.int64)
            cost_float = cost.astype(np.float64)
            with tempfile.NamedTemporaryFile(suffix=".bin", delete=False) as f:
                f.write(np.int64(n).tobytes())
                f.write(cost.tobytes())
                path = f.name
            times = {"ours": [], "scipy": [], "dlib": [], "textbook": [], "old": []}
            times.update({v: [] for v in variants})
            costs = set()
            use_dlib = not args.no_dlib and n <= args.dlib_max
            use_textbook = n <= args.textbook_max
            for _ in range(args.reps):
                c, t = run_peer("ours", path)
                costs.add(c)
                times["ours"].append(t)
                if args.old:
                    c, t = run_peer("ours", path, args.old)
                    costs.add(c)
                    times["old"].append(t)
                for v in variants:
                    c, t = run_peer(v, path)
                    costs.add(c)
                    times[v].append(t)
                start = time.perf_counter()
                r, col = linear_sum_assignment(cost_float)
                times["scipy"].append(time.perf_counter() - start)
                costs.add(int(cost[r, col].sum()))
                if use_dlib:
                    c, t = run_peer("dlib", path)
                    costs.add(c)
                    times["dlib"].append(t)
                if use_textbook:
                    c, t = run_peer("textbook", path)
                    costs.add(c)
                    times["textbook"].append(t)
            os.unlink(path)
            if len(costs) != 1:
                print(f"COST MISMATCH at n={n} values [0,{hi}]: {costs}", file=sys.stderr)
                sys.exit(1)
            med = {k: (statistics.median(v) if v else float("nan")) for k, v in times.items()}
            cost_value = costs.pop()
            print(f"{n:>6} {'[0,' + str(hi) + ']':>12} {med['ours']:>9.3f} {med['scipy']:>9.3f} "
                  f"{med['dlib']:>9.3f} {med['textbook']:>9.3f} {med['scipy'] / med['ours']:>10.1f} "
                  f"{med['dlib'] / med['ours']:>10.1f} {med['textbook'] / med['ours']:>11.1f}"
                  + (f" {med['old']:>9.3f} {med['old'] / med['ours']:>9.2f}" if args.old else "")
                  + "".join(f" {med[v]:>9.3f} {med[v] / med['ours']:>11.2f}" for v in variants)
                  + f"  {cost_value}", flush=True)
            rows.append((n, hi, med["ours"], med["scipy"], med["dlib"], med["textbook"], cost_value,
                         med["old"]))
    if args.csv:
        with open(args.csv, "w") as f:
            f.write("n,max_value,ours_s,scipy_s,dlib_s,textbook_s,cost,old_s\n")
            for r in rows:
                f.write(",".join(str(x) for x in r) + "\n")


if __name__ == "__main__":
    main()
