#!/usr/bin/python3
"""Writes the certify reports the golden CLI cases of certify-merge read
(tests/golden/cli/certify_*.json): real shard reports of a small nim space,
run by BINARY, with the binary's identity and the times replaced by fixed
ones so that the merged output is the same for every build, and the
fingerprints recomputed as src/certify/report.cpp computes them.

Usage: make_fixtures.py BINARY   (then UPDATE=1 tests/run_golden.sh, and read the diff)
"""
import json
import os
import subprocess
import sys

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "cli")
BINARY = "perfectplay 0.1.0 build-id 0123456789abcdef (golden fixture)"
MASK = (1 << 64) - 1


def mix64(x):
    x = (x + 0x9E3779B97F4A7C15) & MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & MASK
    return x ^ (x >> 31)


def fnv(data, basis):
    h = basis
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & MASK
    return mix64(h)


def fingerprint(r):
    dump = lambda j: json.dumps(j, separators=(",", ":"), sort_keys=True)
    text = "perfectplay-certify/1\n{}\n{}\n{}\n{}\n{}/{}\n".format(
        r["binary"], r["game"], dump(r["options"]), dump(r["bounds"]), r["shard"]["index"],
        r["shard"]["count"]).encode()
    return "{:016x}{:016x}".format(fnv(text, 0xCBF29CE484222325), fnv(text, 0x84222325CBF29CE4))


def shard(binary, i, n, max_length=7):
    out = subprocess.run([binary, "certify", "nim", "--rows", "4", "--max-length", str(max_length),
                          "--shard", f"{i}/{n}", "-j", "1", "--json"], check=True,
                         stdout=subprocess.PIPE).stdout
    r = json.loads(out)
    r["binary"] = BINARY
    r["seconds"] = 0.25 * i
    r["fingerprint"] = fingerprint(r)
    return r


def write(name, r):
    with open(os.path.join(OUT, name), "w") as f:
        f.write(json.dumps(r, indent=2, sort_keys=True) + "\n")


def main():
    binary = sys.argv[1]
    for i in (1, 2, 3):
        write(f"certify_shard{i}of3.json", shard(binary, i, 3))
    write("certify_other_bounds2of3.json", shard(binary, 2, 3, max_length=6))
    partial = shard(binary, 3, 3)  # as a checkpoint of an interrupted run holds it
    partial["checked"] -= 1
    partial["agreed"] -= 1
    partial["complete"] = partial["ok"] = False
    write("certify_partial3of3.json", partial)
    tampered = shard(binary, 3, 3)  # bounds edited after the run
    tampered["bounds"]["rows"] = 5
    write("certify_tampered3of3.json", tampered)


if __name__ == "__main__":
    main()
