"""perfectplay.linear_sum_assignment against SciPy's on thousands of random
matrices: the same total cost (exactly for integers, within 1e-9 relative for
floats), a valid assignment, and the same errors."""
import numpy as np
import pytest
from scipy.optimize import linear_sum_assignment as scipy_lsa

import perfectplay
from perfectplay import linear_sum_assignment as lsa


def check_valid(cost, rows, cols):
    r, c = cost.shape
    k = min(r, c)
    assert rows.dtype == np.int64 and cols.dtype == np.int64
    assert len(rows) == len(cols) == k
    assert np.all(np.diff(rows) > 0)  # sorted by row, each once
    assert len(set(cols.tolist())) == k
    assert np.all((0 <= rows) & (rows < r)) and np.all((0 <= cols) & (cols < c))


def compare(cost, maximize=False):
    rows, cols = lsa(cost, maximize=maximize)
    check_valid(cost, rows, cols)
    srows, scols = scipy_lsa(cost, maximize=maximize)
    ours, theirs = cost[rows, cols].sum(), cost[srows, scols].sum()
    if cost.dtype.kind == "f":
        assert np.isfinite(ours)
        assert abs(ours - theirs) <= 1e-9 * max(1.0, abs(theirs)), (cost, maximize)
    else:
        assert ours == theirs, (cost, maximize)


def random_shapes(rng, count, max_side):
    for _ in range(count):
        yield int(rng.integers(1, max_side + 1)), int(rng.integers(1, max_side + 1))


@pytest.mark.parametrize("maximize", [False, True])
def test_random_int(maximize):
    rng = np.random.default_rng(1 + maximize)
    for r, c in random_shapes(rng, 1500, 12):
        hi = int(rng.choice([1, 3, 10, 1000, 10**12]))  # few values: many ties
        compare(rng.integers(-hi, hi + 1, size=(r, c)), maximize)


@pytest.mark.parametrize("maximize", [False, True])
def test_random_float(maximize):
    rng = np.random.default_rng(3 + maximize)
    for r, c in random_shapes(rng, 1500, 12):
        if rng.random() < 0.3:  # integer-valued floats: ties
            cost = rng.integers(0, 4, size=(r, c)).astype(np.float64)
        else:
            cost = rng.normal(size=(r, c)) * 10.0 ** rng.integers(-3, 6)
        compare(cost, maximize)


@pytest.mark.parametrize("maximize", [False, True])
def test_forbidden_pairs(maximize):
    rng = np.random.default_rng(5 + maximize)
    forbid = -np.inf if maximize else np.inf
    feasible = infeasible = 0
    for r, c in random_shapes(rng, 1500, 8):
        cost = rng.integers(0, 20, size=(r, c)).astype(np.float64)
        cost[rng.random(size=(r, c)) < rng.choice([0.1, 0.4, 0.7])] = forbid
        try:
            srows, scols = scipy_lsa(cost, maximize=maximize)
        except ValueError as e:
            assert str(e) == "cost matrix is infeasible"
            with pytest.raises(ValueError, match="^cost matrix is infeasible$"):
                lsa(cost, maximize=maximize)
            infeasible += 1
            continue
        feasible += 1
        compare(cost, maximize)
    assert feasible > 100 and infeasible > 100


def test_larger_random():
    rng = np.random.default_rng(7)
    for n in (50, 120):
        compare(rng.integers(0, 1000, size=(n, n)))
        compare(rng.integers(0, 5, size=(n, n)))
        compare(rng.random(size=(n, n)))
        compare(rng.random(size=(n // 3, n)))
        compare(rng.random(size=(n, n // 3)), maximize=True)


@pytest.mark.parametrize("maximize", [False, True])
def test_candidate_stage_sizes(maximize):
    # From 128 rows up a square solve starts on each row's least columns
    # (assignment.h): random values, ties, and structured matrices on which
    # the lists give up and the dense method takes over.
    rng = np.random.default_rng(11 + maximize)
    for n in (128, 200, 333):
        compare(rng.integers(0, 10**6, size=(n, n)), maximize)
        compare(rng.integers(0, 2, size=(n, n)), maximize)
        compare(rng.integers(-3, 4, size=(n, n)), maximize)
        compare(rng.random(size=(n, n)), maximize)
        i = np.arange(n)
        compare(np.multiply.outer(i, i), maximize)
        compare(np.multiply.outer(i, i).astype(np.float64) / 7, maximize)
        a, b = rng.integers(0, 1000, size=n), rng.integers(0, 1000, size=n)
        compare(np.multiply.outer(a, b), maximize)
        compare(np.subtract.outer(i, i) ** 2, maximize)
        compare(rng.random(size=(n, 3 * n)), maximize)


@pytest.mark.parametrize("maximize", [False, True])
def test_candidate_stage_forbidden_pairs(maximize):
    rng = np.random.default_rng(13 + maximize)
    forbid = -np.inf if maximize else np.inf
    feasible = infeasible = 0
    for trial in range(12):
        n = 130 + 17 * trial
        cost = rng.integers(0, 50, size=(n, n)).astype(np.float64)
        cost[rng.random(size=(n, n)) < [0.9, 0.97, 0.985][trial % 3]] = forbid
        try:
            scipy_lsa(cost, maximize=maximize)
        except ValueError:
            with pytest.raises(ValueError, match="^cost matrix is infeasible$"):
                lsa(cost, maximize=maximize)
            infeasible += 1
            continue
        feasible += 1
        compare(cost, maximize)
    assert feasible >= 3 and infeasible >= 1


def test_scipy_documented_example():
    cost = np.array([[4, 1, 3], [2, 0, 5], [3, 2, 2]])
    row_ind, col_ind = lsa(cost)
    assert col_ind.tolist() == [1, 0, 2]
    assert cost[row_ind, col_ind].sum() == 5


def test_shapes_and_dtypes():
    for shape in [(0, 0), (0, 3), (3, 0)]:
        rows, cols = lsa(np.zeros(shape))
        assert rows.dtype == np.int64 and rows.shape == (0,) and cols.shape == (0,)
    assert [x.tolist() for x in lsa([[5, 3, 9]])] == [[0], [1]]
    assert [x.tolist() for x in lsa([[5], [3], [9]])] == [[1], [0]]
    assert [x.tolist() for x in lsa([[True, False], [False, True]])] == [[0, 1], [1, 0]]
    for dtype in (np.int8, np.uint16, np.int32, np.uint64, np.float32, np.float16):
        compare(np.array([[4, 1, 3], [2, 0, 5], [3, 2, 2]], dtype=dtype))
    compare(np.asfortranarray(np.arange(12).reshape(3, 4) % 5))
    compare(np.arange(40).reshape(5, 8)[:, ::2] % 7)
    big = np.array([[2**62, 0], [0, 2**62]], dtype=np.uint64)  # spread over 2^40: float64
    assert [x.tolist() for x in lsa(big)] == [[0, 1], [1, 0]]
    huge = np.array([[2**63 + 5, 1], [1, 2**63 + 5]], dtype=np.uint64)
    assert [x.tolist() for x in lsa(huge)] == [[0, 1], [1, 0]]
    exact = np.array([[2**40, 0, 3], [-(2**40), 7, 1], [5, 5, 5]])
    compare(exact)
    compare(exact, maximize=True)


def test_errors_match_scipy():
    cases = [
        np.array([[np.nan, 1.0], [1.0, 1.0]]),
        np.array([[-np.inf, 1.0], [1.0, 1.0]]),
        np.array([[np.inf, np.inf], [1.0, 1.0]]),
        np.zeros(3),
        np.zeros((2, 2, 2)),
    ]
    for cost in cases:
        with pytest.raises(ValueError) as theirs:
            scipy_lsa(cost)
        with pytest.raises(ValueError) as ours:
            lsa(cost)
        assert str(ours.value) == str(theirs.value)
    with pytest.raises(ValueError, match="invalid numeric entries"):
        lsa(np.array([[np.inf, 1.0], [1.0, 2.0]]), maximize=True)
    for bad in (np.array([["a"]]), np.array([[1 + 1j]])):
        with pytest.raises(TypeError):
            lsa(bad)


def test_keyboard_interrupt_abandons_a_long_solve():
    # i * j is a slow case for the solver (about a second at n = 2000: every
    # shortest-path search settles most matched columns, n^3 / 3 cell visits
    # in all, and its candidate lists give up). SIGALRM after 50 ms raises
    # KeyboardInterrupt from its
    # Python handler, which only runs when the solver polls for signals: the
    # call must stop long before it would have finished.
    import signal
    import time

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    # A rank-two matrix: rank-one ones (i*j) are now solved in closed form,
    # too quickly to interrupt; this one takes most of a second.
    i = np.arange(2000)
    cost = (np.outer(i % 13, i) + np.outer(i, (i * 7) % 11)).astype(np.float64)
    old = signal.signal(signal.SIGALRM, interrupt)
    try:
        start = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        with pytest.raises(KeyboardInterrupt):
            lsa(cost)
        elapsed = time.perf_counter() - start
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert elapsed < 1.0
    rows, cols = lsa(cost[:50, :50])  # and the module still works afterwards
    check_valid(cost[:50, :50], rows, cols)


# ---- issue 35: array-likes, uint64 order, exact integers ---------------------

def exact_best(cost, maximize=False):
    """The optimal total of a small matrix by trying every assignment, in
    Python integers (or exact Fractions): the reference for exactness."""
    import itertools

    rows = [list(r) for r in cost]
    if len(rows) > len(rows[0]):
        rows = [list(c) for c in zip(*rows)]
    r, c = len(rows), len(rows[0])
    totals = (sum(rows[i][p[i]] for i in range(r)) for p in itertools.permutations(range(c), r))
    return max(totals) if maximize else min(totals)


def total(cost, rows, cols):
    return sum(cost[i][j] for i, j in zip(rows.tolist(), cols.tolist()))


def test_uint64_not_c_ordered_past_int64():
    a = np.array([[2**63 + 5, 1, 7], [1, 2**63 + 5, 3], [2**64 - 1, 0, 2**63]], dtype=np.uint64)
    for variant in (np.asfortranarray(a), a.T, a[:, ::-1], np.asfortranarray(a).T):
        rows, cols = lsa(variant)
        check_valid(variant, rows, cols)
        py = variant.tolist()
        assert total(py, rows, cols) == exact_best(py)
        rows, cols = lsa(variant, maximize=True)
        assert total(py, rows, cols) == exact_best(py, maximize=True)


def test_array_likes_scipy_accepts():
    from decimal import Decimal
    from fractions import Fraction

    cases = [
        [[2**70, 1], [2, 3]],
        [[-(2**70), 1], [0, 0]],
        [[2**64, 1], [0, 0]],
        [[Fraction(1, 3), 1], [2, 3]],
        [[Decimal("1.5"), 1], [2, 3]],
        [["1", "2"], ["3", "0"]],
        [["1.5", "2"], ["3", "-1e3"]],
        [[True, 1.5]],
        [[np.int8(3), 2**65], [1, 2]],
    ]
    for case in cases:
        for maximize in (False, True):
            srows, scols = scipy_lsa(case, maximize=maximize)
            rows, cols = lsa(case, maximize=maximize)
            as_float = np.array(case, dtype=np.float64)
            check_valid(as_float, rows, cols)
            assert as_float[rows, cols].sum() == as_float[srows, scols].sum(), (case, maximize)
    # Python integers are exact: 2**70 + 1 is no float.
    big = [[2**70, 2**70 + 1], [2**70 + 1, 2**70 + 3]]
    rows, cols = lsa(big)
    assert total(big, rows, cols) == exact_best(big)
    assert cols.tolist() == [1, 0]  # 2^71 + 2 beats 2^71 + 3; float64 sees a tie


def test_refusals_match_scipy():
    cases = [
        [[1, None], [2, 3]],  # None reads as NaN
        [[1, "a"], [2, 3]],  # not a number
        np.ones((2, 2), dtype=np.longdouble),  # would lose precision
        np.array([["1", "2"], ["3", "0"]]),  # strings in an array: numpy's safe casting
        np.ones((2, 2), dtype=object),
        np.array([[1 + 0j]]),
        np.zeros((2, 2), dtype="datetime64[s]"),
        [[1, 2], [3]],  # ragged
        [1, 2, 3],
    ]
    for case in cases:
        with pytest.raises(Exception) as theirs:
            scipy_lsa(case)
        with pytest.raises(Exception) as ours:
            lsa(case)
        assert type(ours.value) is type(theirs.value), (case, ours.value, theirs.value)
        assert str(ours.value) == str(theirs.value), case
    with pytest.raises(ValueError, match="^matrix contains invalid numeric entries$"):
        lsa([[1, None], [2, 3]])


@pytest.mark.parametrize("maximize", [False, True])
def test_integers_are_exact_past_float64(maximize):
    # Spreads past 2^40 (int64) and entries past 2^63 (uint64) and 2^64
    # (Python): float64 rounds them, so SciPy can miss the optimum; ours must
    # match the exhaustive optimum in exact arithmetic on every one.
    rng = np.random.default_rng(35 + maximize)
    scipy_wrong = 0
    for trial in range(600):
        r, c = int(rng.integers(1, 6)), int(rng.integers(1, 6))
        which = trial % 3
        # Near ties far from zero (what float64 rounds away) beside a few
        # entries far off (a spread past 2^40, or past 2^63).
        noise = rng.integers(0, 3000, size=(r, c))
        far = rng.random(size=(r, c)) < 0.25
        if which == 0:
            base = int(rng.choice([-1, 1])) * 2**62
            cost = base + noise
            cost[far] = base - int(np.sign(base)) * 2**50
            py = cost.tolist()
        elif which == 1:
            cost = np.uint64(2**63) + noise.astype(np.uint64)
            cost[far] = rng.integers(0, 1000)
            py = cost.tolist()
        else:
            py = [[2**80 + int(noise[i, j]) + (2**70 if far[i, j] else 0) for j in range(c)]
                  for i in range(r)]
            cost = py
        rows, cols = lsa(cost, maximize=maximize)
        assert len(set(cols.tolist())) == min(r, c) and list(rows) == sorted(set(rows.tolist()))
        best = exact_best(py, maximize)
        assert total(py, rows, cols) == best, (py, maximize)
        srows, scols = scipy_lsa(np.array(py, dtype=np.float64), maximize=maximize)
        scipy_wrong += total(py, srows, scols) != best
    assert scipy_wrong > 0  # the cases do reach float64's rounding


def test_exact_path_on_larger_matrices():
    # The exact method (O(n^3)) against the fast solver on matrices the fast
    # one solves exactly too: the same totals.
    rng = np.random.default_rng(9)
    for n, m in [(40, 40), (30, 70), (70, 30)]:
        small = rng.integers(0, 1000, size=(n, m))
        wide = small * 2**45  # spread past 2^40: the exact method, same optimum * 2^45
        r1, c1 = lsa(small)
        r2, c2 = lsa(wide)
        assert int(small[r1, c1].sum()) * 2**45 == int(wide[r2, c2].sum())
        r3, c3 = lsa(wide, maximize=True)
        r4, c4 = lsa(small, maximize=True)
        assert int(small[r4, c4].sum()) * 2**45 == int(wide[r3, c3].sum())


def test_keyboard_interrupt_in_the_exact_method():
    import signal
    import time

    def interrupt(signum, frame):
        raise KeyboardInterrupt

    rng = np.random.default_rng(3)
    cost = rng.integers(0, 2**62, size=(1500, 1500))
    old = signal.signal(signal.SIGALRM, interrupt)
    try:
        start = time.perf_counter()
        signal.setitimer(signal.ITIMER_REAL, 0.05)
        with pytest.raises(KeyboardInterrupt):
            lsa(cost)
        elapsed = time.perf_counter() - start
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    assert elapsed < 1.0


def test_random_differential_small():
    # The CI part of tests/python/lsa_differential.py (its 20,000 were run once:
    # docs/python.md): every dtype, order and shape, no disagreement.
    import os
    import sys

    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import lsa_differential

    tally, labels = lsa_differential.run(1500, seed=35)
    assert tally["same"] > 800 and tally["same error"] > 100
    assert tally["better"] > 0  # SciPy rounded near ties away; ours is exact
    assert len(labels) >= 15


@pytest.mark.parametrize("maximize", [False, True])
def test_rank_one_matrices(maximize):
    # c[i][j] = a_i * b_j is solved in closed form (assignment_rank_one.h):
    # signs mixed, zeros, ties, both orientations, int and float; against
    # the exhaustive optimum on small ones and SciPy on larger ones.
    rng = np.random.default_rng(21 + maximize)
    for trial in range(600):
        small = trial % 2 == 0
        r = int(rng.integers(1, 7 if small else 120))
        c = int(rng.integers(1, 7 if small else 120))
        lo = int(rng.choice([0, -3, -1000]))
        a = rng.integers(lo, 1000, size=r)
        b = rng.integers(lo, 1000, size=c)
        cost = np.multiply.outer(a, b)
        if trial % 3 == 1:
            cost = cost.astype(np.float64) / 8  # exact in float64
        if small:
            rows, cols = lsa(cost, maximize=maximize)
            check_valid(cost, rows, cols)
            py = cost.tolist()
            assert total(py, rows, cols) == exact_best(py, maximize), (py, maximize)
        else:
            compare(cost, maximize)
    # Huge int64 factors: exact in 128 bits where float64 rounds.
    a = np.array([2**31 + 1, 3, -(2**31)], dtype=np.int64)
    b = np.array([2**31 - 1, -7, 5, 2**30], dtype=np.int64)
    cost = np.multiply.outer(a, b)
    rows, cols = lsa(cost, maximize=maximize)
    assert total(cost.tolist(), rows, cols) == exact_best(cost.tolist(), maximize)


def test_rank_one_is_fast_and_nearly_rank_one_is_not_fooled():
    import time

    i = np.arange(2000)
    cost = np.multiply.outer(i, i)
    start = time.perf_counter()
    rows, cols = lsa(cost)
    assert time.perf_counter() - start < 0.3  # the general method takes seconds here
    assert cols.tolist() == list(range(1999, -1, -1))  # i pairs with n-1-i
    # One entry off rank one: the general method, and still optimal.
    rng = np.random.default_rng(4)
    for _ in range(50):
        n = int(rng.integers(2, 7))
        m = np.multiply.outer(rng.integers(-4, 5, n), rng.integers(-4, 5, n))
        m[int(rng.integers(n)), int(rng.integers(n))] += int(rng.choice([-1, 1]))
        for maximize in (False, True):
            rows, cols = lsa(m, maximize=maximize)
            assert total(m.tolist(), rows, cols) == exact_best(m.tolist(), maximize)
