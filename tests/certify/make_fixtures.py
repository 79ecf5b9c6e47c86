#!/usr/bin/python3
"""Writes the certify reports the golden CLI cases of certify-merge read
(tests/golden/cli/certify_*.json): real shard reports of a small nim space,
run by BINARY, with the binary's identity and the times replaced by fixed
ones so that the merged output is the same for every build, and the
fingerprints and digests recomputed as src/certify/report.cpp computes them
(forge.py).

Usage: make_fixtures.py BINARY   (then UPDATE=1 tests/run_golden.sh, and read the diff)
"""
import json
import os
import subprocess
import sys

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "golden", "cli")
BINARY = "perfectplay 0.1.0 build-id 0123456789abcdef (golden fixture)"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from forge import seal  # noqa: E402  the fingerprint and digest, as report.cpp computes them


def shard(binary, i, n, max_length=7):
    out = subprocess.run([binary, "certify", "nim", "--rows", "4", "--max-length", str(max_length),
                          "--shard", f"{i}/{n}", "-j", "1", "--json"], check=True,
                         stdout=subprocess.PIPE).stdout
    r = json.loads(out)
    r["binary"] = BINARY
    r["seconds"] = 0.25 * i
    return seal(r)


def write(name, r):
    with open(os.path.join(OUT, name), "w") as f:
        f.write(json.dumps(r, indent=2, sort_keys=True) + "\n")


def main():
    binary = sys.argv[1]
    for i in (1, 2, 3):
        write(f"certify_shard{i}of3.json", shard(binary, i, 3))
    write("certify_other_bounds2of3.json", shard(binary, 2, 3, max_length=6))
    partial = shard(binary, 3, 3)  # as the checkpoint of an interrupted run holds it
    partial["next_block"] = 1  # the first of its 2 blocks done (64 of 73 instances)
    partial["checked"] = partial["agreed"] = 64
    partial["complete"] = partial["ok"] = False
    write("certify_partial3of3.json", seal(partial))
    tampered = shard(binary, 3, 3)  # bounds edited after the run, the digest not recomputed
    tampered["bounds"]["rows"] = 5
    write("certify_tampered3of3.json", tampered)
    # Forged: edited, then the fingerprint and digest recomputed, as anyone
    # can (docs/certify.md, "What a report proves").
    skipped = shard(binary, 1, 3)  # nim has no mirror images
    skipped["skipped"], skipped["checked"], skipped["agreed"] = skipped["checked"], 0, 0
    write("certify_forged_skipped1of3.json", seal(skipped))
    nodes = shard(binary, 1, 3)  # holds every invariant: only a rerun tells
    nodes["reference_nodes"] = 5
    write("certify_forged_nodes1of3.json", seal(nodes))


if __name__ == "__main__":
    main()
