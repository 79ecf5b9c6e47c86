#!/usr/bin/env python3
"""Connect Four: our generic alpha-beta (examples/own-game/connect4.cpp) against
Pascal Pons' solver on his test sets, same machine, same run (docs/performance.md).

  bench/connect4_vs_pons.py --ours build/release/examples/own-game/connect4 \
      --pons-src /tmp/pons --data ../shared/bench-data/connect4 [--sets Test_L3_R1 Test_L2_R1]

--pons-src is a checkout of github.com/PascalPons/connect4 (not in this tree);
the script compiles, with -O3 into a temporary folder, his program (his
main.cpp, run with no opening book: its whole run is the total time compared
with ours, one process each) and bench/connect4_pons_harness.cpp (his solver
with a cleared table per position, as ours: the positions explored and the
search's CPU time per position, and his weak solve). Every score must equal
the file's, both of his and the sign his weak solve's; a difference is
printed and the exit code is 1.
"""
import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def run(cmd, stdin_text=None):
    """(stdout, wall seconds, CPU seconds of the child)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    out = subprocess.run(cmd, input=stdin_text, capture_output=True, text=True, check=True).stdout
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return out, wall, cpu


def build_pons(src, out_dir):
    """His program as his Makefile builds it (main.cpp, -O3), and the harness."""
    exe = os.path.join(out_dir, "pons_harness")
    subprocess.run(["g++", "--std=c++17", "-O3", "-DNDEBUG", "-I", src,
                    os.path.join(HERE, "connect4_pons_harness.cpp"),
                    os.path.join(src, "Solver.cpp"), "-o", exe], check=True)
    solver = os.path.join(out_dir, "c4solver")
    subprocess.run(["g++", "--std=c++11", "-W", "-Wall", "-O3", "-DNDEBUG",
                    os.path.join(src, "main.cpp"), os.path.join(src, "Solver.cpp"), "-o", solver],
                   check=True)
    return exe, solver


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--ours", required=True, help="the connect4 example's program")
    ap.add_argument("--pons-src", required=True, help="a checkout of PascalPons/connect4")
    ap.add_argument("--data", required=True, help="the folder of his test files")
    ap.add_argument("--sets", nargs="+", default=["Test_L3_R1", "Test_L2_R1"])
    ap.add_argument("--limit", type=int, default=0, help="only the first N positions of each")
    args = ap.parse_args()

    failed = False
    with tempfile.TemporaryDirectory() as tmp:
        pons, pons_main = build_pons(args.pons_src, tmp)
        print("| set | positions | ours: process wall s / CPU s | his c4solver: process wall s / "
              "CPU s | ours / his (process CPU) | ours: search CPU s | ours: explored "
              "| ours: explored/s | his: search CPU s | his: explored | his: explored/s "
              "| ours / his (search CPU) |")
        print("|---|---|---|---|---|---|---|---|---|---|---|---|")
        for name in args.sets:
            lines = [l.split() for l in open(os.path.join(args.data, name)) if l.strip()]
            if args.limit:
                lines = lines[:args.limit]
            positions = os.path.join(tmp, name + ".positions")
            with open(positions, "w") as f:
                f.write("".join(p[0] + "\n" for p in lines))
            expected = [int(p[1]) for p in lines]

            out, our_wall, our_cpu = run([args.ours, "analyze", "connect4", "--batch", positions,
                                          "--stats"])
            ours = [l.split("\t") for l in out.splitlines()]
            our_scores = [int(o[0]) for o in ours]
            our_stats = [o[1].split() for o in ours]
            our_nodes = sum(int(s[1]) for s in our_stats)  # children visited, as Pons counts
            our_search = sum(float(s[2]) for s in our_stats)

            # His own program, as he runs his tests: one process, his table kept
            # across lines, no opening book (none in the folder it runs in).
            cwd = os.getcwd()
            os.chdir(tmp)
            try:
                out, main_wall, main_cpu = run([pons_main], "".join(p[0] + "\n" for p in lines))
            finally:
                os.chdir(cwd)
            main_scores = [int(l.split()[1]) for l in out.splitlines()]
            out, _, _ = run([pons], "".join(p[0] + "\n" for p in lines))
            theirs = [l.split() for l in out.splitlines()]
            pons_scores = [int(t[1]) for t in theirs]
            pons_nodes = sum(int(t[2]) for t in theirs)
            pons_search = sum(float(t[3]) for t in theirs) / 1e6
            out, _, _ = run([pons, "-w"], "".join(p[0] + "\n" for p in lines))
            weak = [int(l.split()[1]) for l in out.splitlines()]

            sign = lambda x: (x > 0) - (x < 0)
            for i, (e, o, t, w, m) in enumerate(zip(expected, our_scores, pons_scores, weak,
                                                    main_scores)):
                if not (e == o == t == m) or sign(o) != sign(w):
                    failed = True
                    print(f"{name} line {i + 1} ({lines[i][0]}): file {e}, ours {o}, "
                          f"Pons {t}, Pons weak {w}", file=sys.stderr)
            print(f"| {name} | {len(lines)} | {our_wall:.3f} / {our_cpu:.3f} "
                  f"| {main_wall:.3f} / {main_cpu:.3f} | {our_cpu / max(main_cpu, 1e-9):.2f} "
                  f"| {our_search:.3f} | {our_nodes} | {our_nodes / max(our_search, 1e-9):.3g} "
                  f"| {pons_search:.3f} | {pons_nodes} | {pons_nodes / max(pons_search, 1e-9):.3g} "
                  f"| {our_search / max(pons_search, 1e-9):.2f} |")
    if failed:
        print("scores differ (above)", file=sys.stderr)
        return 1
    print("\nevery score equals the file's and Pons' (his program's and the harness'; "
          "its sign his weak solve's)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
