#!/usr/bin/python3
"""The benchmark suite: every workload next to its anchor, in one run.

  bench/run.py [--quick] [--reps N] [--no-docs] [--baseline OLD_PERFECTPLAY]

  - parse-bound solves (nim, binim, binim2, asymmetry): whole-process time of
    `perfectplay solve` against `cat FILE > /dev/null` and against a plain
    std::cin-style reader of the same tokens (bench/cin_reader.cpp), at
    several input sizes;
  - assignment: ours against SciPy, dlib and a textbook Hungarian (bench/assignment_compare.py),
    costs checked equal;
  - bacteria: one R x R grid, R from 10 to 100 at 5%; the density sweep
    (bench/bacteria_sweep.py) at 100 x 100 and 200 x 200;
  - the exhaustive references: `perfectplay bench` (node signature, nodes/s), and with
    --baseline, another build's bench against this one's (bench/compare_bench.py).

Inputs are generated from fixed seeds by `perfectplay generate` (or numpy for
assignment) into bench/data/. Commands run alternately, REPS times each; the
median is reported. Writes a table to the terminal, docs/performance.md (with
the machine and the command) and log-log plots docs/img/*.png (gnuplot).
Needs scripts/setup_bench.sh; configures and builds the release build itself
(so that peers installed after a first build are found), and reports a peer
that is missing in one line instead of failing.
"""
import argparse
import os
import platform
import re
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BIN = os.path.join(ROOT, "build", "release", "perfectplay")
CIN = os.path.join(ROOT, "build", "release", "bench", "cin_reader")
DATA = os.path.join(ROOT, "bench", "data")
IMG = os.path.join(ROOT, "docs", "img")


def sh(cmd, **kw):
    return subprocess.run(cmd, check=True, capture_output=True, text=True, **kw).stdout


def timed(cmd):
    start = time.perf_counter()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - start


def warm(path):
    """Reads the file, untimed: these virtual machines trim the page cache of an idle file within a
    minute, and a command that reads part of its file from the virtual disk measures the disk."""
    with open(path, "rb") as f:
        while f.read(1 << 24):
            pass


def alternate(commands, reps, path=None):
    """Runs the commands alternately, reps rounds (after one warm-up round); `path`, the file they
    read, is read before each timed command. Each command's times."""
    for c in commands.values():
        timed(c)
    times = {k: [] for k in commands}
    for _ in range(reps):
        for k, c in commands.items():
            if path:
                warm(path)
            times[k].append(timed(c))
    return times


def medians(commands, reps, path=None):
    return {k: statistics.median(v) for k, v in alternate(commands, reps, path).items()}


def generate(name, args, path, binary=BIN):
    if not os.path.exists(path):
        with open(path + ".tmp", "w") as f:
            subprocess.run([binary, "generate"] + args, check=True, stdout=f)
        os.replace(path + ".tmp", path)
    return path


def parse_bound(quick, reps):
    """(workload, size MB, ours s, cat s, cin s) rows."""
    rows = []
    scales = [0.01, 0.03, 0.1] if quick else [0.1, 0.3, 1.0]
    for game, flags in (("nim", []), ("binim", []), ("binim2", []), ("asymmetry", [])):
        for scale in scales:
            if game == "nim":
                cases = int(100000 * scale)
                path = generate(game, ["nim", "--seed", "1", "--cases", str(cases), "--rows", "100",
                                       "--max-length", "4611686018427387904"],
                                os.path.join(DATA, f"nim-{cases}.in"))
                anchor_kind = "numbers"
            elif game in ("binim", "binim2"):
                cases = int(40000 * scale)
                path = generate(game, ["binim", "--seed", "1", "--cases", str(cases), "--stacks", "100",
                                       "--max-length", "100"],
                                os.path.join(DATA, f"binim-{cases}.in"))
                anchor_kind = "words"
            else:
                side = int(2000 * scale ** 0.5) // 2 * 2
                path = generate(game, ["asymmetry", "--seed", "1", "--rows", str(side), "--cols", str(side),
                                       "--k", "1000000000"],
                                os.path.join(DATA, f"asymmetry-{side}.in"))
                anchor_kind = "numbers"
            size = os.path.getsize(path) / 1e6
            m = medians({"ours": [BIN, "solve", game] + flags + [path], "cat": ["cat", path],
                         "cin": [CIN, anchor_kind, path]}, reps, path)
            rows.append((game, size, m["ours"], m["cat"], m["cin"]))
            print(f"  {game:<10} {size:8.1f} MB  ours {m['ours']*1000:8.1f} ms ({size/m['ours']:6.0f} MB/s)"
                  f"  cat {m['cat']*1000:7.1f} ms  cin {m['cin']*1000:8.1f} ms  cin/ours {m['cin']/m['ours']:5.1f}",
                  flush=True)
    return rows


def bacteria(quick, reps):
    """The 5% size curve (rows: side, wall s, CPU s, peak MB) and the density sweep of
    bench/bacteria_sweep.py (100 x 100 and 200 x 200; with PERFECTPLAY_BACTERIA_OLD
    naming an older binary, it runs alternately with ours on the same grids)."""
    rows = []
    import random
    sys.path.insert(0, os.path.join(ROOT, "bench"))
    import bacteria_sweep
    sides = [10, 20, 40] if quick else [10, 20, 40, 60, 80, 100]
    for side in sides:
        path = os.path.join(DATA, f"bacteria-{side}.in")
        if not os.path.exists(path):
            rnd = random.Random(side)
            with open(path, "w") as f:
                f.write(f"1\n{side} {side}\n")
                for _ in range(side):
                    f.write("".join("#" if rnd.random() < 0.05 else "." for _ in range(side)) + "\n")
        runs = [bacteria_sweep.run(BIN, path) for _ in range(reps if side <= 60 else 1)]
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        peak = max(r[2] for r in runs)
        rows.append((side, wall, cpu, peak))
        print(f"  bacteria {side:>3} x {side:<3} {wall:8.3f} s  cpu {cpu:7.3f} s  peak {peak:7.1f} MB", flush=True)
    old = os.environ.get("PERFECTPLAY_BACTERIA_OLD")
    log = lambda text: print(text, flush=True)
    if quick:
        sweep = bacteria_sweep.sweep(BIN, old, [60], [1], 1, log)
    else:
        sweep = bacteria_sweep.sweep(BIN, old, [100], [1, 2, 3], min(reps, 3), log)
        sweep += bacteria_sweep.sweep(BIN, old, [200], [1, 2, 3], 1, log)
    return rows, sweep


def has_dlib():
    """Whether the configured build found dlib's headers (bench/CMakeLists.txt)."""
    with open(os.path.join(ROOT, "build", "release", "CMakeCache.txt")) as f:
        for line in f:
            if line.startswith("PERFECTPLAY_DLIB_INCLUDE:"):
                return not line.strip().endswith("NOTFOUND")
    return False


def assignment(quick, reps):
    sizes = "250,500,1000" if quick else "250,500,1000,2000,4000"
    extra = []
    if not has_dlib():
        print("  dlib: not found (Debian's libdlib-dev: scripts/setup_bench.sh); its column is left empty",
              flush=True)
        extra = ["--no-dlib"]
    out = sh([sys.executable, os.path.join(ROOT, "bench", "assignment_compare.py"), "--sizes", sizes, "--reps",
              str(reps), "--dlib-max", "1000" if quick else "4000",
              "--textbook-max", "1000" if quick else "4000", "--csv", os.path.join(DATA, "assignment.csv")] + extra)
    print("\n".join("  " + line for line in out.strip().splitlines()), flush=True)
    rows = []
    with open(os.path.join(DATA, "assignment.csv")) as f:
        next(f)
        for line in f:
            n, hi, ours, scipy, dlib, textbook, cost = line.strip().split(",")[:7]
            rows.append((int(n), int(hi), float(ours), float(scipy), float(dlib), float(textbook), int(cost)))
    return rows


def references(baseline, reps):
    """`perfectplay bench` (default size); with a baseline binary, compare_bench.py's tables of
    it against this build at sizes 3 and 1."""
    out = sh([BIN, "bench"])
    print("\n".join("  " + line for line in out.strip().splitlines()), flush=True)
    tables = []
    if baseline:
        for size, n in ((3, reps), (1, reps + 2)):
            t = sh([sys.executable, os.path.join(ROOT, "bench", "compare_bench.py"), baseline, BIN,
                    "--size", str(size), "--reps", str(n)])
            print(t, flush=True)
            tables.append((size, n, t))
    return out, tables


def plot(name, title, xlabel, series, path):
    """series: list of (label, [(x, y)]); log-log."""
    data = os.path.join(DATA, f"plot-{name}.dat")
    with open(data, "w") as f:
        for label, points in series:
            f.write(f"# {label}\n")
            for x, y in points:
                f.write(f"{x} {y}\n")
            f.write("\n\n")
    plots = ", ".join(f"'{data}' index {i} with linespoints title '{label}'" for i, (label, _) in enumerate(series))
    script = (f"set terminal pngcairo size 720,480; set output '{path}'; set logscale xy; set grid;"
              f"set title '{title}'; set xlabel '{xlabel}'; set ylabel 'seconds'; set key top left; plot {plots}")
    subprocess.run(["gnuplot", "-e", script], check=True)


def machine():
    model = ""
    for line in open("/proc/cpuinfo"):
        if line.startswith("model name"):
            model = line.split(":", 1)[1].strip()
            break
    mem = 0
    for line in open("/proc/meminfo"):
        if line.startswith("MemTotal"):
            mem = int(line.split()[1]) // 1024 // 1024
    return f"{os.cpu_count()} CPUs ({model}), {mem} GiB RAM, {platform.system()} {platform.release()}"


REFERENCES_INTRO = """\
## Exhaustive references: `perfectplay bench`

Fixed positions solved by each game's reference (`perfectplay bench`, default `--size 3`;
sizes 1 to 5, each adding larger positions to the ones below). The node counts and
checksums are a signature: a functional change to a solver or a game changes them, and the
tests pin sizes 1 and 3 (tests/unit/bench_signature_test.cpp). nodes/s is positions
expanded per second of the searches' CPU time (building the positions and models is not
timed); visits/s counts every position reached from an expanded one, answered by the table
or not, which is what a chess engine, or Pons' connect4 solver, counts as a node.
"""

REFERENCES_COMPARISON = """\
### Before and after the table rewrite (issue 18)

Old: main's solvers (a `std::unordered_map` memo keyed by the whole position, probed three
times per expanded position, a fresh move vector per node) with the bench of the branch's
first commit, d60106f, built in a separate directory; new: this build. The two solve the
same positions with the same timing and report the same signatures (the script checks);
their runs alternate, old then new, and each cell is the median nodes/s with the range.

```
git archive d60106f | tar -x -C ../base
(cd ../base && cmake --preset release -G Ninja && cmake --build build/release --target perfectplay)
bench/compare_bench.py ../base/build/release/perfectplay build/release/perfectplay --size 3 --reps 5
bench/compare_bench.py ../base/build/release/perfectplay build/release/perfectplay --size 1 --reps 7
```
"""

REFERENCES_TARGET = """\
### The target, 10 M nodes/s on every game: missed on every game

The issue's anchor is Pons' connect4 solver at 9.96 M positions/s, its figure (the solver
cannot be built here: no network). It counts every position it visits; by that count
(visits/s above) bacteria, gridgame, nim and octal pass 10 M/s, asymmetry is about 7 to 11
M/s (the host's mood) and binim 5 to 6.5 M/s. By the bench's own count, positions expanded,
every game is short of 10 M/s, because an expansion visits every move of the position
(win/loss and Grundy values need them all: remoteness, mex) and each visit plays the move on
the rules' own position, builds its key and probes the table. The table below is from the
table rewrite's profiles (its nodes/s are of that run; the bench above has today's).
Instruction counts per visit are from `valgrind --tool=callgrind` on one position per game
with the solver headers built at -O3 (one position of the size-3 set, named); `perf stat`
has no hardware counters on these virtual machines, `perf record -e cpu-clock` was used for
time.

| game | nodes/s (size 3) | short of 10 M/s | moves per expanded position | instructions per visit | where they go |
|---|---|---|---|---|---|
| gridgame | 4.6 M | 2.2x | 4.9 listed, 3.1 searched (10 x 10) | 327 | alpha-beta's bookkeeping and probes 60%, the rules 20% |
| bacteria | 1.4 M | 7x | 15.8 (5 x 5) | 350 | the rules' spreading loop and move list 45%, the table 22% |
| nim | 1.0 M | 10x | 20.5 (2 3 5 7 11 13) | 352 | the row vector's copy 14%, the gamma-coded key 27%, the rules 16%, the table 20% |
| asymmetry | 1.2 M | 8x | 16.6 listed, 6.1 searched (1 x 12, K = 2) | 757 | the rules (rewards, the key over 16 columns, a 68-byte position) 53% |
| binim | 0.4 M; 0.7 M since the stack move (notes) | 25x; 14x | 8.3 (7 stacks) | 1,600 (before the move) | the stacks as strings: copies, the canonical re-sort, comparisons 55%; since the move, the copies and the key |
| octal | 0.03 M | 300x | 500 (0.77, a row of 1,000) | 471 | a row of n pins has about n moves: nodes/s falls as rows grow |

To reach 10 M expanded positions a second, nim would need its 20 moves visited in 100 ns, 5 ns
each, while copying its row vector alone costs more; the references keep the rules'
positions as they are (vectors of rows, strings of stacks) so that they stay the rules, and
the speed-ups above are the solver layer's: one probe per position, no allocation per node,
packed keys, prefetching. The large tables are also bound by memory here: a dependent random
read of a 32 MB array measured about 280 ns on this machine under load, independent ones
about 8 ns each, which is why the solvers probe a few children ahead.
"""


def references_section(bench_out, tables):
    lines = REFERENCES_INTRO.splitlines() + ["", "```", bench_out.rstrip(), "```", ""]
    if tables:
        lines += REFERENCES_COMPARISON.splitlines() + [""]
        for size, reps, table in tables:
            lines += [f"Size {size}, {reps} runs each:", "", table.rstrip(), ""]
    else:
        lines += ["(With `--baseline OLD_PERFECTPLAY`, the suite adds another build's bench beside this one's; the",
                  "tables of the table rewrite are kept in \"Issue 18: earlier measurements kept\" below.)", ""]
    return lines + REFERENCES_TARGET.splitlines() + [""]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--quick", action="store_true", help="small sizes, under a minute")
    ap.add_argument("--reps", type=int, default=None)
    ap.add_argument("--no-docs", action="store_true", help="do not rewrite docs/performance.md and the plots")
    ap.add_argument("--baseline", default=None,
                    help="another build's perfectplay (with `bench --size`) to compare the references with")
    args = ap.parse_args()
    reps = args.reps or (2 if args.quick else 5)
    os.makedirs(DATA, exist_ok=True)
    os.makedirs(IMG, exist_ok=True)
    # Configure again before building: a peer installed after the first
    # configure (scripts/setup_bench.sh after scripts/examples.sh: dlib) is
    # found then, since CMake searches again for what it did not find.
    subprocess.run(["cmake", "--preset", "release"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    subprocess.run(["cmake", "--build", "--preset", "release"], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
    started = time.time()
    print("parse-bound solves (whole process, median of %d)" % reps, flush=True)
    pb = parse_bound(args.quick, reps)
    print("assignment (solve time only)", flush=True)
    asg = assignment(args.quick, max(1, min(reps, 3)))
    print("bacteria (whole process)", flush=True)
    bac = bacteria(args.quick, reps)
    print("exhaustive references: perfectplay bench", flush=True)
    ref, ref_tables = references(args.baseline, reps)
    elapsed = time.time() - started
    print(f"suite: {elapsed:.0f} s", flush=True)
    if args.no_docs:
        return
    for game in ("nim", "binim", "binim2", "asymmetry"):
        pts = [r for r in pb if r[0] == game]
        plot(game, f"solve {game}: time against input size", "input MB",
             [("perfectplay", [(r[1], r[2]) for r in pts]), ("cat", [(r[1], r[3]) for r in pts]),
              ("std::cin reader", [(r[1], r[4]) for r in pts])], os.path.join(IMG, f"{game}.png"))
    for hi in sorted({r[1] for r in asg}):
        pts = [r for r in asg if r[1] == hi]
        series = [("perfectplay", [(r[0], r[2]) for r in pts]), ("scipy", [(r[0], r[3]) for r in pts])]
        for label, k in (("dlib", 4), ("textbook Hungarian", 5)):
            extra = [(r[0], r[k]) for r in pts if r[k] == r[k]]
            if extra:
                series.append((label, extra))
        plot(f"assignment-{hi}", f"assignment, values in [0, {hi}]", "n", series,
             os.path.join(IMG, f"assignment-{hi}.png"))
    plot("bacteria", "bacteria: one R x R grid (5% radioactive)", "R",
         [("perfectplay", [(r[0], r[1]) for r in bac[0]])], os.path.join(IMG, "bacteria.png"))
    write_doc(pb, asg, bac, (ref, ref_tables), args, reps, elapsed)


def write_doc(pb, asg, bac, ref, args, reps, elapsed):
    cmd = ("bench/run.py" + (" --quick" if args.quick else "") + (f" --reps {args.reps}" if args.reps else "")
           + (" --baseline OLD" if args.baseline else ""))
    lines = [
        "# Performance",
        "",
        "Generated by `%s` (%.0f s) on %s; release build (`-O3`). Every comparison is a ratio" % (cmd, elapsed, machine()),
        "measured in the same run: the commands of a row run alternately, %d times each after a warm-up," % reps,
        "and the median is shown. Whole-process times include starting the process and reading (or",
        "mapping) the file, which is read once, untimed, before each timed command (these virtual",
        "machines trim an idle file's page cache within a minute). These machines are small and",
        "shared: expect noise of 10-20%.",
        "",
        "Reproduce: `scripts/setup_bench.sh && scripts/build.sh && bench/run.py` (or `--quick`, under a",
        "minute). The micro-benchmarks of the hot kernels: `build/release/bench/perfectplay_bench`.",
        "",
        "## Parse-bound solves",
        "",
        "`perfectplay solve GAME FILE` against `cat FILE > /dev/null` and against a plain reader of the same",
        "tokens with `std::cin`-style extraction (`bench/cin_reader.cpp`, what a straightforward contest",
        "solution does before any game logic).",
        "",
        "| game | input | perfectplay | MB/s | cat | std::cin reader | reader / perfectplay |",
        "|---|---|---|---|---|---|---|",
    ]
    for game, size, ours, cat, cin in pb:
        lines.append(f"| {game} | {size:.1f} MB | {ours*1000:.1f} ms | {size/ours:.0f} | {cat*1000:.1f} ms "
                     f"({size/cat:.0f} MB/s) | {cin*1000:.0f} ms | {cin/ours:.1f}x |")
    lines += ["", "Inputs: `perfectplay generate` with seed 1 (nim: rows of up to 100 lengths below 2^62;",
              "binim: up to 100 stacks of up to 100 characters; asymmetry: square grids, K = 10^9).", ""]
    for game in ("nim", "binim", "binim2", "asymmetry"):
        lines.append(f"![{game}](img/{game}.png)")
    lines += ["", "## Assignment (gridgame's solver)", "",
              "Solve time only (SciPy timed around `linear_sum_assignment`, ours, dlib's",
              "`max_cost_assignment` and the textbook Hungarian inside `bench/assignment_peers`), same",
              "matrix for all, costs checked equal. Each solver is handed the matrix in its own working",
              "type, built before the clock starts: SciPy a float64 array, ours an int64 `CostMatrix`,",
              "dlib its `matrix`. The textbook Hungarian is the O(n^3) Kuhn-Munkres method with",
              "potentials, written in `bench/assignment_peers.cpp` as a baseline (rows enter one at a",
              "time, no initial reduction, no batching of equal slacks).", "",
              "| n | values | perfectplay | SciPy | dlib | textbook | SciPy / ours | dlib / ours | textbook / ours |",
              "|---|---|---|---|---|---|---|---|---|"]
    def cell(t, ours):
        return (f"{t:.3f} s", f"{t/ours:.1f}x") if t == t else ("-", "-")
    for n, hi, ours, scipy, dlib, textbook, cost in asg:
        dl, dr = cell(dlib, ours)
        tb, tr = cell(textbook, ours)
        lines.append(f"| {n} | [0, {hi}] | {ours:.3f} s | {scipy:.3f} s | {dl} | {tb} | {scipy/ours:.1f}x | {dr} | {tr} |")
    lines += [""]
    for hi in sorted({r[1] for r in asg}):
        lines.append(f"![assignment {hi}](img/assignment-{hi}.png)")
    import bacteria_sweep
    sizes, sweep = bac
    lines += ["", "## bacteria", "",
              "One R x R grid per run, whole process (`perfectplay solve bacteria FILE`): every density",
              "of radioactive cells from 0 to 50% and exactly 0, 1, 2, 5, 10 and 30 `#`, three seeds each,",
              "and the grid of issue 20 with one `#` at the centre (`bench/bacteria_sweep.py`, the grids",
              "in bench/data/bacteria-sweep/). Wall and CPU time (user + sys): the median over seeds and",
              "rounds, with the range; peak memory: the largest. The fill runs on up to 16 threads, so",
              "wall can be below CPU; on a loaded machine it is far above it. With",
              "`PERFECTPLAY_BACTERIA_OLD=BIN`, the older binary runs alternately on the same grids (it",
              "refuses sides past 127); docs/games/bacteria.md has the algorithm and the limits.", ""]
    lines += bacteria_sweep.markdown(sweep).splitlines()
    lines += ["", "One R x R grid with 5% radioactive cells, whole process (median), CPU time (user + sys)",
              "and peak memory.", "", "| R = C | wall | CPU | peak memory |", "|---|---|---|---|"]
    for side, wall, cpu, peak in sizes:
        lines.append(f"| {side} | {wall:.3f} s | {cpu:.3f} s | {peak:.1f} MB |")
    lines += ["", "![bacteria](img/bacteria.png)", ""] + references_section(*ref)
    extra = os.path.join(ROOT, "docs", "performance-notes.md")
    if os.path.exists(extra):
        lines += [open(extra).read().rstrip(), ""]
    with open(os.path.join(ROOT, "docs", "performance.md"), "w") as f:
        f.write("\n".join(lines))


if __name__ == "__main__":
    main()
