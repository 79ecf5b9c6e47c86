#!/usr/bin/python3
"""`pip install .` as a Python user runs it, offline, in fresh venvs (ctest's
python.pip; docs/python.md "Install").

  tests/python/pip_install_check.py [--build-dir DIR] [--keep]

From a clean copy of the sources (the files git tracks, or would: `git
ls-files --cached --others --exclude-standard`, as a fresh clone of a commit
holding them has): a fresh venv without system packages (so no numpy, no
setuptools needed) gets `pip install --no-index .`; the package imports from
the venv with its version, `pip show` knows it, the game API works and
linear_sum_assignment says it needs numpy; `pip wheel --no-index .` writes a
wheel that installs into a second fresh venv and works there; `pip
uninstall` removes every file. Then `cmake --install --component python
--prefix P` puts the package under P.

--build-dir DIR reuses an existing build of the project (the suite's own;
PERFECTPLAY_BUILD_DIR for the backend) so that CI compiles nothing twice;
without it the backend configures and builds from the copy, from scratch.
"""
import argparse
import glob
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(cmd, env=None, cwd=None, check=True):
    print("+", " ".join(cmd), flush=True)
    p = subprocess.run(cmd, env=env, cwd=cwd, capture_output=True, text=True)
    if check and p.returncode != 0:
        sys.exit(f"failed ({p.returncode}): {' '.join(cmd)}\n{p.stdout[-3000:]}\n{p.stderr[-3000:]}")
    return p


def clean_copy(dest):
    files = run(["git", "-C", ROOT, "ls-files", "-z", "--cached", "--others",
                 "--exclude-standard"]).stdout.split("\0")
    copied = 0
    for f in files:
        src = os.path.join(ROOT, f)
        if f and os.path.isfile(src):
            os.makedirs(os.path.dirname(os.path.join(dest, f)), exist_ok=True)
            shutil.copy2(src, os.path.join(dest, f))
            copied += 1
    assert copied > 100, copied


def venv(path):
    run([sys.executable, "-m", "venv", path])
    return os.path.join(path, "bin", "python")


CHECK = r"""
import os, sys
import perfectplay
assert perfectplay.__file__.startswith(sys.prefix), (perfectplay.__file__, sys.prefix)
print(perfectplay.__version__)
assert perfectplay.game("nim").hint("1 2 4")["move"] == "3 1"
s = perfectplay.game("nim").new_initial_state("1 2")
s.apply_action(0)
assert s.position() == "0 2"
# The second extension module (serve, python -m perfectplay, certify) is there.
from perfectplay import _program
assert _program.__file__.startswith(sys.prefix), _program.__file__
class Take(perfectplay.Rules):
    def moves(self, n): return [1, 2][:n]
    def play(self, n, k): return n - k
    def theory(self, n): return n % 3 != 0
    def positions(self, size): return [size]
assert perfectplay.check(Take(), size=9)["ok"]
try:
    import numpy
except ImportError:
    try:
        perfectplay.linear_sum_assignment([[1]])
    except ImportError as e:
        print("lsa needs numpy")
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--build-dir", help="an existing build of the project to reuse")
    ap.add_argument("--keep", action="store_true", help="keep the temporary folder")
    args = ap.parse_args()
    version = run([sys.executable, "-c", "import sys; sys.path.insert(0, 'python/backend'); "
                   "import perfectplay_build as b; print(b._version())"], cwd=ROOT).stdout.strip()
    tmp = tempfile.mkdtemp(prefix="perfectplay-pip-")
    try:
        src = os.path.join(tmp, "src")
        clean_copy(src)
        env = dict(os.environ, PIP_NO_INDEX="1", PIP_DISABLE_PIP_VERSION_CHECK="1",
                   PIP_NO_CACHE_DIR="1")
        env.pop("PYTHONPATH", None)
        if args.build_dir:
            env["PERFECTPLAY_BUILD_DIR"] = os.path.abspath(args.build_dir)
        py = venv(os.path.join(tmp, "venv1"))
        run([py, "-m", "pip", "install", "--no-index", src], env=env)
        out = run([py, "-c", CHECK], env=env, cwd=tmp).stdout.split()
        assert out == [version, "lsa", "needs", "numpy"], out
        show = run([py, "-m", "pip", "show", "-f", "perfectplay"], env=env).stdout
        assert f"Version: {version}" in show and "perfectplay/_core" in show, show

        wheels = os.path.join(tmp, "wheels")
        run([py, "-m", "pip", "wheel", "--no-index", "--no-deps", "-w", wheels, src], env=env)
        (wheel,) = glob.glob(os.path.join(wheels, f"perfectplay-{version}-*.whl"))
        py2 = venv(os.path.join(tmp, "venv2"))
        run([py2, "-m", "pip", "install", "--no-index", wheel], env=env)
        out = run([py2, "-c", CHECK], env=env, cwd=tmp).stdout.split()
        assert out[0] == version, out

        run([py, "-m", "pip", "uninstall", "-y", "perfectplay"], env=env)
        gone = run([py, "-c", "import perfectplay"], env=env, cwd=tmp, check=False)
        assert gone.returncode != 0 and "ModuleNotFoundError" in gone.stderr
        site = run([py, "-c", "import sysconfig; print(sysconfig.get_path('platlib'))"],
                   env=env).stdout.strip()
        assert not glob.glob(os.path.join(site, "perfectplay*")), os.listdir(site)

        if args.build_dir:
            # cmake --install respects the prefix for the Python package:
            # the cached destination is relative (an absolute one, the old
            # default, would write into the interpreter's site directory).
            cache = open(os.path.join(args.build_dir, "CMakeCache.txt"), encoding="utf-8").read()
            dest = [line.split("=", 1)[1] for line in cache.splitlines()
                    if line.startswith("PERFECTPLAY_PYTHON_INSTALL_DIR:")]
            assert dest and not os.path.isabs(dest[0]), dest
            prefix = os.path.join(tmp, "prefix")
            run(["cmake", "--install", args.build_dir, "--component", "python", "--prefix", prefix])
            (init,) = glob.glob(os.path.join(prefix, "lib", "python3*", "*-packages",
                                             "perfectplay", "__init__.py"))
            site = os.path.dirname(os.path.dirname(init))
            out = run([sys.executable, "-c", "import perfectplay; print(perfectplay.__file__)"],
                      env=dict(env, PYTHONPATH=site), cwd=tmp).stdout.strip()
            assert out.startswith(prefix), out
        print("pip install, wheel, show, uninstall and cmake --install --prefix: ok")
    finally:
        if args.keep:
            print("kept", tmp)
        else:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
