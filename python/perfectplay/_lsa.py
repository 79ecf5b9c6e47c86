"""linear_sum_assignment's conversion of what the caller passes, apart from
the package's __init__ so that `import perfectplay` does not import numpy:
only this module does, on the first call (docs/python.md)."""
import numpy as np

from . import _core

_INT64_MAX = int(np.iinfo(np.int64).max)
_UINT64_MAX = int(np.iinfo(np.uint64).max)
# Python integers whose spread (max - min) is below 2^100 are solved exactly
# (_core's 128-bit path); wider ones in float64, as SciPy solves them all.
_EXACT_SPREAD = 1 << 100


def _python_ints(a):
    """Whether an object array holds only integers (Python's or NumPy's, not bool)."""
    return a.size > 0 and all(
        isinstance(x, (int, np.integer)) and not isinstance(x, (bool, np.bool_)) for x in a.flat)


def _solve_big_ints(a, maximize):
    """Exact on an object array of integers: shifted so that the least is 0
    (every full assignment shifts by the same amount), then passed as int64
    when that fits, else as the high and low 64-bit halves."""
    values = [int(x) for x in a.flat]
    lo, hi = min(values), max(values)
    if hi - lo >= _EXACT_SPREAD:
        return _core.linear_sum_assignment(
            np.array(values, dtype=np.float64).reshape(a.shape), bool(maximize))
    shifted = [hi - x for x in values] if maximize else [x - lo for x in values]
    if hi - lo <= _INT64_MAX:
        return _core.linear_sum_assignment(
            np.array(shifted, dtype=np.int64).reshape(a.shape), False)
    high = np.array([x >> 64 for x in shifted], dtype=np.uint64).reshape(a.shape)
    low = np.array([x & _UINT64_MAX for x in shifted], dtype=np.uint64).reshape(a.shape)
    return _core.linear_sum_assignment_wide(high, low)


def linear_sum_assignment(cost_matrix, maximize):
    # SciPy converts what it is given with numpy's "safe" casting to float64:
    # an array of another kind (strings, objects, complex, dates, longdouble)
    # is refused with numpy's TypeError, while a list is converted entry by
    # entry (numeric strings, Fractions and Decimals read as numbers, None as
    # NaN, which then counts as an invalid entry). We do the same, except that
    # integers of any size stay integers and are solved exactly.
    if isinstance(cost_matrix, np.ndarray):
        a = np.asarray(cost_matrix)  # np.matrix and masked arrays as plain arrays
    else:
        try:
            a = np.asarray(cost_matrix)
        except (ValueError, TypeError):
            a = np.array(cost_matrix, dtype=np.float64)  # numpy's own message
        if a.dtype.kind not in "biuf":
            if a.dtype.kind == "O" and a.ndim == 2 and _python_ints(a):
                return _solve_big_ints(a, maximize)
            a = np.array(cost_matrix, dtype=np.float64)
    if a.ndim != 2:
        raise ValueError(f"expected a matrix (2-D array), got a {a.ndim} array")
    kind = a.dtype.kind
    if kind == "u" and a.dtype.itemsize == 8:
        a = np.ascontiguousarray(a)
        # int(): NumPy compares uint64 with a Python int in float64, where
        # 2^63 - 1 and 2^63 are one number.
        if a.size and int(a.max()) > _INT64_MAX:
            return _core.linear_sum_assignment_unsigned(a, bool(maximize))
        a = a.astype(np.int64)
    elif kind in "biu":
        a = np.ascontiguousarray(a, dtype=np.int64)
    elif kind == "f" and a.dtype.itemsize <= 8:
        a = np.ascontiguousarray(a, dtype=np.float64)
    else:
        # longdouble, complex, strings, objects...: numpy's TypeError, as SciPy.
        a = np.ascontiguousarray(a.astype(np.float64, casting="safe"))
    return _core.linear_sum_assignment(a, bool(maximize))
