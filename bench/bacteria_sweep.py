#!/usr/bin/python3
"""bacteria's density sweep: one R x R grid per run, every density and '#' count.

  bench/bacteria_sweep.py [--bin BIN] [--old BIN] [--sides 100,200] [--seeds 1,2,3]
                          [--reps N] [--csv PATH] [--markdown]

Workloads, per side R: a fraction of radioactive cells (each cell '#' with
probability p: 0, 0.5, 1, 2, 3, 4, 5, 10, 20, 30, 50%), exactly k '#' at random
cells (k = 0, 1, 2, 5, 10, 30), and one '#' at the centre (issue 20's cliff).
Grids come from Python's random with fixed seeds, into bench/data/bacteria-sweep/.
Each run is `BIN solve bacteria FILE`, whole process: wall time, CPU time
(user + sys) and peak memory (from /usr/bin/time). With --old, the old binary
runs alternately with the new one on the same files (sides it refuses, past
127, are left out), one round per seed when it takes more than 5 s. Prints a
line per workload; --markdown prints the table of docs/performance.md; --csv
writes every measurement.
"""
import argparse
import csv
import os
import random
import statistics
import subprocess
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(ROOT, "bench", "data", "bacteria-sweep")
DENSITIES = [0, 0.5, 1, 2, 3, 4, 5, 10, 20, 30, 50]
COUNTS = [0, 1, 2, 5, 10, 30]
OLD_MAX_SIDE = 127


def workloads():
    out = [("density", p) for p in DENSITIES] + [("count", k) for k in COUNTS]
    return out + [("centre", 1)]


def grid_file(side, kind, param, seed):
    os.makedirs(DATA, exist_ok=True)
    path = os.path.join(DATA, f"{side}-{kind}-{param}-{seed}.in")
    if os.path.exists(path):
        return path
    rnd = random.Random(f"{side}/{kind}/{param}/{seed}")
    cells = [["."] * side for _ in range(side)]
    if kind == "density":
        for r in range(side):
            for c in range(side):
                if rnd.random() * 100 < param:
                    cells[r][c] = "#"
    elif kind == "count":
        for i in rnd.sample(range(side * side), param):
            cells[i // side][i % side] = "#"
    else:
        cells[side // 2][side // 2] = "#"
    with open(path + ".tmp", "w") as f:
        f.write(f"1\n{side} {side}\n" + "".join("".join(row) + "\n" for row in cells))
    os.replace(path + ".tmp", path)
    return path


def run(binary, path):
    """(wall s, cpu s, peak MB, stdout) of one whole-process solve. CPU time and
    peak memory come from /usr/bin/time (a child forked from Python would count
    Python's own pages in its peak)."""
    stats = path + ".time"
    start = time.perf_counter()
    p = subprocess.run(["/usr/bin/time", "-f", "%U %S %M", "-o", stats, binary, "solve", "bacteria", path],
                       stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    if p.returncode != 0:
        raise RuntimeError(f"{binary} solve bacteria {path}: exit {p.returncode}")
    with open(stats) as f:
        user, system, peak_kb = f.read().split()[-3:]
    os.remove(stats)
    return wall, float(user) + float(system), int(peak_kb) / 1024, p.stdout


def label(kind, param):
    if kind == "density":
        return f"{param:g}% '#'"
    if kind == "count":
        return f"{param} '#'"
    return "1 '#', centre"


def sweep(binary, old, sides, seeds, reps, log=print):
    """Rows: side, workload label, and per binary the wall/cpu/peak lists."""
    rows = []
    for side in sides:
        for kind, param in workloads():
            use_seeds = seeds if kind != "centre" else seeds[:1]
            new = {"wall": [], "cpu": [], "peak": []}
            before = {"wall": [], "cpu": [], "peak": []}
            for seed in use_seeds:
                path = grid_file(side, kind, param, seed)
                old_rounds = reps if old and side <= OLD_MAX_SIDE else 0
                for rep in range(reps):
                    wall, cpu, peak, answer = run(binary, path)
                    for k, v in (("wall", wall), ("cpu", cpu), ("peak", peak)):
                        new[k].append(v)
                    if rep < old_rounds:
                        w, c, m, old_answer = run(old, path)
                        if old_answer != answer:
                            raise RuntimeError(f"answers differ on {path}: {answer!r} {old_answer!r}")
                        for k, v in (("wall", w), ("cpu", c), ("peak", m)):
                            before[k].append(v)
                        if c > 5:
                            old_rounds = rep + 1
            rows.append((side, label(kind, param), new, before))
            log(line(rows[-1]))
    return rows


def span(values, scale=1.0, fmt="{:.3f}"):
    if not values:
        return "-"
    med = statistics.median(values) * scale
    lo, hi = min(values) * scale, max(values) * scale
    return f"{fmt.format(med)} ({fmt.format(lo)}-{fmt.format(hi)})"


def line(row):
    side, name, new, before = row
    text = (f"  {side:>3} x {side:<3} {name:<16} wall {span(new['wall'])} s  cpu {span(new['cpu'])} s  "
            f"peak {max(new['peak']):6.1f} MB")
    if before["wall"]:
        text += (f"  | old wall {span(before['wall'])} s cpu {span(before['cpu'])} s "
                 f"peak {max(before['peak']):6.1f} MB")
    return text


def markdown(rows):
    with_old = any(r[3]["wall"] for r in rows)
    head = "| grid | '#' | wall (median, range) | CPU | peak memory |"
    rule = "|---|---|---|---|---|"
    if with_old:
        head += " before: wall | before: CPU | before: peak | CPU before / after |"
        rule += "---|---|---|---|"
    out = [head, rule]
    for side, name, new, before in rows:
        cells = [f"{side} x {side}", name, span(new["wall"]) + " s", span(new["cpu"]) + " s",
                 f"{max(new['peak']):.0f} MB"]
        if with_old:
            if before["wall"]:
                ratio = statistics.median(before["cpu"]) / max(statistics.median(new["cpu"]), 1e-3)
                cells += [span(before["wall"]) + " s", span(before["cpu"]) + " s",
                          f"{max(before['peak']):.0f} MB", f"{ratio:.1f}x"]
            else:
                cells += ["refused (> 127)", "-", "-", "-"]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def write_csv(rows, path):
    with open(path, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["side", "workload", "binary", "wall_s", "cpu_s", "peak_mb"])
        for side, name, new, before in rows:
            for who, m in (("new", new), ("old", before)):
                for wall, cpu, peak in zip(m["wall"], m["cpu"], m["peak"]):
                    w.writerow([side, name, who, f"{wall:.4f}", f"{cpu:.4f}", f"{peak:.1f}"])


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--bin", default=os.path.join(ROOT, "build", "release", "perfectplay"))
    ap.add_argument("--old", help="the binary to compare with (same files, alternately)")
    ap.add_argument("--sides", default="100,200")
    ap.add_argument("--seeds", default="1,2,3")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--csv")
    ap.add_argument("--markdown", action="store_true")
    args = ap.parse_args()
    rows = sweep(args.bin, args.old, [int(s) for s in args.sides.split(",")],
                 [int(s) for s in args.seeds.split(",")], args.reps)
    if args.csv:
        write_csv(rows, args.csv)
    if args.markdown:
        print(markdown(rows))


if __name__ == "__main__":
    main()
