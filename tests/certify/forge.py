#!/usr/bin/python3
"""Edits a certify report as a forger would, and seals it again: the
fingerprint and digest recomputed as src/certify/report.cpp computes them
(both are public, unkeyed hashes; docs/certify.md says what that means).
Used by tests/certify/run.sh and make_fixtures.py.

Usage: forge.py IN OUT KEY=JSON...   (KEY may be a/b for a nested field;
       a KEY without =, prefixed with -, removes the field)
"""
import json
import sys

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


def hash_hex(text):
    data = text.encode()
    return "{:016x}{:016x}".format(fnv(data, 0xCBF29CE484222325), fnv(data, 0x84222325CBF29CE4))


def dump(j):
    # nlohmann's dump: keys sorted, no spaces, UTF-8 as is.
    return json.dumps(j, separators=(",", ":"), sort_keys=True, ensure_ascii=False)


def fingerprint(r):
    return hash_hex("perfectplay-certify/1\n{}\n{}\n{}\n{}\n{}/{}\n".format(
        r["binary"], r["game"], dump(r["options"]), dump(r["bounds"]), r["shard"]["index"],
        r["shard"]["count"]))


def seal(r):
    """Recomputes the fingerprint, then the digest over every other field."""
    r["fingerprint"] = fingerprint(r)
    r.pop("digest", None)
    r["digest"] = hash_hex("perfectplay-certify-digest/1\n" + dump(r))
    return r


def main():
    r = json.load(open(sys.argv[1]))
    for edit in sys.argv[3:]:
        if edit.startswith("-"):
            r.pop(edit[1:], None)
            continue
        key, value = edit.split("=", 1)
        target = r
        *path, last = key.split("/")
        for k in path:
            target = target[int(k) if isinstance(target, list) else k]
        target[int(last) if isinstance(target, list) else last] = json.loads(value)
    with open(sys.argv[2], "w") as f:
        f.write(json.dumps(seal(r), indent=1) + "\n")


if __name__ == "__main__":
    main()
