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

    i = np.arange(2000)
    cost = np.outer(i, i).astype(np.float64)
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
