#!/usr/bin/python3
"""Random differential of perfectplay.linear_sum_assignment against SciPy's:
matrices of every dtype, memory order and shape, both directions.

  PYTHONPATH=build/release/python tests/python/lsa_differential.py [--count 20000] [--seed 1]

For each matrix both are called. Where SciPy raises, ours must raise the same
exception type with the same message. Where SciPy answers, ours must give a
valid assignment (sorted rows, distinct columns, int64) of the same total:
exactly, in Python integers, for integer input whose float64 conversion is
exact (entries below 2^53 / n in magnitude); within 1e-9 relative for float
input; and for the other integer input (spreads past float64's precision)
ours must be at least as good as SciPy's, exactly (it is optimal: SciPy
solves a rounded matrix and can be worse; those cases are counted). The
suite runs a small count (tests/python/test_assignment.py); the full 20,000
was run once and reported in docs/python.md.
"""
import argparse
import sys
from collections import Counter

import numpy as np
from scipy.optimize import linear_sum_assignment as scipy_lsa

import perfectplay

INT_DTYPES = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]
FLOAT_DTYPES = [np.float16, np.float32, np.float64]
OTHER = ["bool", "longdouble", "complex", "str", "object", "list-int", "list-float", "list-big"]


def draw_shape(rng):
    k = rng.random()
    if k < 0.03:
        return tuple(int(x) for x in rng.permutation([0, int(rng.integers(0, 4))]))
    if k < 0.93:
        return int(rng.integers(1, 9)), int(rng.integers(1, 9))
    return int(rng.integers(10, 40)), int(rng.integers(10, 40))


def draw(rng):
    """A cost matrix (or array-like) and a label for the tally."""
    shape = draw_shape(rng)
    kind = rng.choice(["int", "float", "other"], p=[0.45, 0.4, 0.15])
    if kind == "int":
        dtype = INT_DTYPES[int(rng.integers(len(INT_DTYPES)))]
        info = np.iinfo(dtype)
        wide = dtype in (np.int64, np.uint64)
        span = rng.choice(["tiny", "small", "full", "near-tie"],
                          p=[0.3, 0.3, 0.25, 0.15] if wide else [0.35, 0.35, 0.3, 0.0])
        if span == "near-tie":
            # Near ties far from zero beside entries far off: float64 rounds
            # the ties away (SciPy can be wrong), and the spread is past 2^40.
            noise = rng.integers(0, 3000, size=shape).astype(dtype)
            far = rng.random(size=shape) < 0.25
            a = noise + (np.int64(2**62) if dtype == np.int64 else np.uint64(2**63))
            a[far] = 2**50 if dtype == np.int64 else 7
        else:
            lo, hi = {"tiny": (-2, 3), "small": (-1000, 1000)}.get(span, (info.min, info.max))
            lo, hi = max(int(info.min), int(lo)), min(int(info.max), int(hi))
            a = rng.integers(lo, hi, size=shape, dtype=dtype, endpoint=True)
        label = f"{np.dtype(dtype).name}/{span}"
    elif kind == "float":
        dtype = FLOAT_DTYPES[int(rng.integers(len(FLOAT_DTYPES)))]
        if rng.random() < 0.3:
            a = rng.integers(0, 4, size=shape).astype(dtype)  # ties
        else:
            a = (rng.normal(size=shape) * 10.0 ** int(rng.integers(-3, 4))).astype(dtype)
        if a.size and rng.random() < 0.25:
            special = rng.choice([np.inf, -np.inf, np.nan], p=[0.7, 0.15, 0.15])
            a[rng.random(size=shape) < rng.choice([0.05, 0.3, 0.6])] = special
        label = f"{np.dtype(dtype).name}"
    else:
        which = OTHER[int(rng.integers(len(OTHER)))]
        base = rng.integers(-5, 6, size=shape)
        label = which
        if which == "bool":
            a = base > 0
        elif which == "longdouble":
            a = base.astype(np.longdouble)
        elif which == "complex":
            a = base.astype(np.complex128)
        elif which == "str":
            a = base.astype(str)
        elif which == "object":
            a = base.astype(object)
        elif which == "list-int":
            a = base.tolist()
        elif which == "list-float":
            a = (base / 3).tolist()
        else:
            a = [[int(x) * 2**66 + int(rng.integers(0, 2**40)) for x in row] for row in base.tolist()]
    if isinstance(a, np.ndarray) and a.ndim == 2:
        order = rng.choice(["C", "F", "T", "strided", "reversed"])
        if order == "F":
            a = np.asfortranarray(a)
        elif order == "T":
            a = np.ascontiguousarray(a.T).T if a.size else a
        elif order == "strided":
            a = np.repeat(a, 2, axis=1)[:, ::2]
        elif order == "reversed":
            a = a[::-1, ::-1]
        label += f"/{order}"
    return a, label


def exact_total(a, rows, cols):
    if isinstance(a, list):
        return sum(a[i][j] for i, j in zip(rows.tolist(), cols.tolist()))
    return sum(int(a[i, j]) for i, j in zip(rows.tolist(), cols.tolist()))


def check_one(a, maximize):
    """'same', 'better' (ours strictly better, exact integers), or raises AssertionError."""
    try:
        srows, scols = scipy_lsa(a, maximize=maximize)
        theirs_error = None
    except Exception as e:  # noqa: BLE001 - any exception type must be matched
        theirs_error = e
    try:
        rows, cols = perfectplay.linear_sum_assignment(a, maximize=maximize)
        ours_error = None
    except Exception as e:  # noqa: BLE001
        ours_error = e
    if theirs_error is not None or ours_error is not None:
        assert type(theirs_error) is type(ours_error) and str(theirs_error) == str(ours_error), \
            (repr(theirs_error), repr(ours_error))
        return "same error"
    arr = np.asarray(a) if not isinstance(a, list) else np.array(a, dtype=object)
    r, c = arr.shape
    k = min(r, c)
    assert rows.dtype == np.int64 and cols.dtype == np.int64 and len(rows) == len(cols) == k
    assert np.all(np.diff(rows) > 0) and len(set(cols.tolist())) == k
    kind = arr.dtype.kind if arr.dtype != object else "O"
    if kind in "biuO" and (kind != "O" or all(isinstance(x, int) for x in arr.flat)):
        ours, theirs = exact_total(a, rows, cols), exact_total(a, srows, scols)
        magnitude = max((abs(int(x)) for x in arr.flat), default=0)
        if magnitude * max(k, 1) < 2**53:
            assert ours == theirs, (ours, theirs)
            return "same"
        assert (ours >= theirs) if maximize else (ours <= theirs), (ours, theirs)
        return "same" if ours == theirs else "better"
    f = np.asarray(a, dtype=np.float64) if not isinstance(a, np.ndarray) else a.astype(np.float64)
    ours, theirs = f[rows, cols].sum(), f[srows, scols].sum()
    assert abs(ours - theirs) <= 1e-9 * max(1.0, abs(theirs)), (ours, theirs)
    return "same"


def run(count, seed):
    rng = np.random.default_rng(seed)
    tally = Counter()
    labels = Counter()
    for trial in range(count):
        a, label = draw(rng)
        if "near-tie" in label:
            labels["near-tie"] += 1
        maximize = bool(rng.random() < 0.5)
        try:
            outcome = check_one(a, maximize)
        except AssertionError as e:
            raise AssertionError(f"trial {trial} ({label}, maximize={maximize}): {e}\n{a!r}")
        tally[outcome] += 1
        labels[label.split("/")[0]] += 1
    return tally, labels


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    tally, labels = run(args.count, args.seed)
    print(f"{args.count} matrices, seed {args.seed}: no disagreement")
    print("outcomes:", dict(sorted(tally.items())))
    print("kinds:", dict(sorted(labels.items())))


if __name__ == "__main__":
    sys.exit(main())
