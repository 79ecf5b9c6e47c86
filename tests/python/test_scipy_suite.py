"""SciPy's own tests of linear_sum_assignment, run against ours.

scipy/optimize/tests/test_linear_assignment.py (Debian's python3-scipy ships
it) is copied with one change, its import of linear_sum_assignment, and run
whole by pytest in a child process: every test must pass, none skipped. The
shared checks of scipy/sparse/csgraph/tests/test_matching.py
(linear_sum_assignment_assertions over its test cases) run here on dense
inputs of several kinds."""
import os
import re
import subprocess
import sys

import numpy as np
import pytest
import scipy
from scipy.sparse._sputils import matrix
from scipy.sparse.csgraph.tests import test_matching

import perfectplay

SCIPY_FILE = os.path.join(os.path.dirname(scipy.__file__), "optimize", "tests",
                          "test_linear_assignment.py")
THEIR_IMPORT = "from scipy.optimize import linear_sum_assignment\n"


def test_scipys_test_file_passes_whole(tmp_path):
    source = open(SCIPY_FILE, encoding="utf-8").read()
    assert source.count(THEIR_IMPORT) == 1, "SciPy's file changed: its import is not there"
    ours = source.replace(THEIR_IMPORT, "from perfectplay import linear_sum_assignment\n")
    copy = tmp_path / "test_linear_assignment_perfectplay.py"
    copy.write_text(ours, encoding="utf-8")
    p = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                        "-rs", str(copy)], capture_output=True, text=True, cwd=tmp_path)
    summary = p.stdout.strip().splitlines()[-1] if p.stdout.strip() else p.stderr
    assert p.returncode == 0, p.stdout[-4000:] + p.stderr[-2000:]
    counts = dict((k, int(n)) for n, k in re.findall(r"(\d+) (\w+)", summary))
    # 22 tests in Debian 12's SciPy 1.10.1; all of them run and pass.
    assert counts.get("passed", 0) >= 22 and set(counts) == {"passed"}, summary
    # The copy really ran ours: the module it imported is perfectplay's.
    probe = subprocess.run(
        [sys.executable, "-c", "import test_linear_assignment_perfectplay as t; "
         "print(t.linear_sum_assignment.__module__)"],
        capture_output=True, text=True, cwd=tmp_path)
    assert probe.stdout.strip() == "perfectplay", probe.stderr


DENSE_KINDS = {
    "array": np.array,
    "fortran": np.asfortranarray,
    "matrix": matrix,
    "float32": lambda x: np.array(x, dtype=np.float32),
    "list": lambda x: np.array(x).tolist(),
}


@pytest.mark.parametrize("kind", sorted(DENSE_KINDS))
@pytest.mark.parametrize("sign,case", list(test_matching.linear_sum_assignment_test_cases))
def test_matching_shared_checks_on_dense_inputs(kind, sign, case):
    make = DENSE_KINDS[kind]
    if kind == "list":
        # The assertions multiply by the sign and index with the result:
        # a list goes through the call as a list, then is compared as an array.
        def solver(cost, maximize):
            return perfectplay.linear_sum_assignment(np.asarray(cost).tolist(), maximize=maximize)
        test_matching.linear_sum_assignment_assertions(solver, np.array, sign, case)
        return
    test_matching.linear_sum_assignment_assertions(
        perfectplay.linear_sum_assignment, make, sign, case)


@pytest.mark.parametrize("shape", [(1, 1), (2, 2), (8, 8), (3, 5), (5, 3), (200, 200), (150, 400)])
@pytest.mark.parametrize("value", [0, 1, -7, 2.5, 2**50, np.float64(1e300)])
@pytest.mark.parametrize("maximize", [False, True])
def test_constant_matrices_give_scipys_identity(shape, value, maximize):
    from scipy.optimize import linear_sum_assignment as scipy_lsa

    cost = np.full(shape, value)
    rows, cols = perfectplay.linear_sum_assignment(cost, maximize=maximize)
    srows, scols = scipy_lsa(cost, maximize=maximize)
    k = min(shape)
    assert rows.tolist() == list(range(k)) and cols.tolist() == list(range(k))
    assert rows.tolist() == srows.tolist() and cols.tolist() == scols.tolist()
