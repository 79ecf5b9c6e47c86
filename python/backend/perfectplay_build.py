"""perfectplay's PEP 517 build backend: `pip install .` and `pip wheel .`.

Why a backend of our own, in the tree: the package is a CMake build (the C++
library and a pybind11 module), and Debian 12 ships neither scikit-build-core
nor, in a fresh venv, the `wheel` package that setuptools needs to write a
wheel; pip's build isolation would download them, and only Debian's and npm's
registries are reachable here. This backend needs nothing but the standard
library, CMake and a C++ compiler, so `pip install .` works offline in any
fresh venv of any CPython 3.9+ with its headers (pyproject.toml's `requires`
is empty: build isolation installs nothing).

What it does: configures the project with CMake for the interpreter that runs
it (tests and benchmarks off), builds the one target `perfectplay_python`,
and zips the package folder that target fills (build tree's python/perfectplay)
into a wheel, with the metadata and RECORD that pip needs for `pip show` and
`pip uninstall`.

Where it builds: `build/pip-<tag>` in the source tree (kept, so a second
install rebuilds only what changed), or an existing build folder named by
`--config-settings build-dir=DIR` or the environment's PERFECTPLAY_BUILD_DIR
(configured already, for this interpreter: then it is only built, not
reconfigured; the CI test reuses the test build so). CMAKE_ARGS (space
separated) are passed to a configure; CMAKE_CXX_COMPILER_LAUNCHER=ccache in
the environment is honoured by CMake itself.
"""
import base64
import hashlib
import os
import re
import shlex
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import tempfile
import zipfile

NAME = "perfectplay"
SUMMARY = "Perfect-play solvers for two-player games, and a fast linear_sum_assignment"
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# The package's files in the build tree (python/CMakeLists.txt puts them there).
PACKAGE_FILES = re.compile(r"^(?:[A-Za-z_]\w*\.pyi?|py\.typed|_(?:core|program)\..*\.so)$")


def _version():
    """The project's version, from the one place it is written (CMakeLists.txt)."""
    text = open(os.path.join(ROOT, "CMakeLists.txt"), encoding="utf-8").read()
    m = re.search(r"project\(\s*perfectplay\s+VERSION\s+([0-9][0-9.]*)", text)
    if not m:
        raise RuntimeError("CMakeLists.txt: no `project(perfectplay VERSION x.y.z)`")
    return m.group(1)


def _tag():
    impl = f"cp{sys.version_info[0]}{sys.version_info[1]}"
    abi = impl + getattr(sys, "abiflags", "")
    plat = re.sub(r"[-.]", "_", sysconfig.get_platform())
    return f"{impl}-{abi}-{plat}"


def _dist_info_name():
    return f"{NAME}-{_version()}.dist-info"


def _metadata():
    return (f"Metadata-Version: 2.1\nName: {NAME}\nVersion: {_version()}\n"
            f"Summary: {SUMMARY}\nLicense: see the project's repository\n"
            "Requires-Python: >=3.9\n"
            # numpy only for linear_sum_assignment: the game API imports
            # without it, so it is an extra, not a requirement.
            "Provides-Extra: numpy\nRequires-Dist: numpy; extra == \"numpy\"\n"
            "Description-Content-Type: text/markdown\n\n"
            "See docs/python.md in the project's repository.\n")


def _wheel_file():
    return (f"Wheel-Version: 1.0\nGenerator: perfectplay_build\nRoot-Is-Purelib: false\n"
            f"Tag: {_tag()}\n")


def _setting(config_settings, key, env):
    if config_settings and config_settings.get(key):
        return config_settings[key]
    return os.environ.get(env) or None


def _run(cmd):
    print("perfectplay_build:", " ".join(shlex.quote(c) for c in cmd), file=sys.stderr, flush=True)
    subprocess.run(cmd, check=True, cwd=ROOT)


def _build(config_settings):
    """Builds perfectplay_python; returns the build tree's package folder."""
    given = _setting(config_settings, "build-dir", "PERFECTPLAY_BUILD_DIR")
    build_dir = os.path.abspath(given) if given else os.path.join(ROOT, "build", "pip-" + _tag())
    cmake = shutil.which("cmake")
    if cmake is None:
        raise RuntimeError("perfectplay needs CMake (>= 3.21) and a C++20 compiler to build: "
                           "apt-get install cmake g++ ninja-build pybind11-dev ...")
    if not (given and os.path.exists(os.path.join(build_dir, "CMakeCache.txt"))):
        cmd = [cmake, "-S", ROOT, "-B", build_dir, "-DCMAKE_BUILD_TYPE=Release",
               f"-DPython_EXECUTABLE={sys.executable}", "-DPERFECTPLAY_BUILD_PYTHON=ON",
               "-DPERFECTPLAY_BUILD_TESTS=OFF", "-DPERFECTPLAY_BUILD_BENCH=OFF"]
        if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")) and shutil.which("ninja"):
            cmd += ["-G", "Ninja"]
        cmd += shlex.split(os.environ.get("CMAKE_ARGS", ""))
        _run(cmd)
    jobs = os.environ.get("CMAKE_BUILD_PARALLEL_LEVEL") or str(os.cpu_count() or 1)
    _run([cmake, "--build", build_dir, "--target", "perfectplay_python", "-j", jobs])
    package = os.path.join(build_dir, "python", NAME)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    if not os.path.exists(os.path.join(package, "_core" + suffix)):
        raise RuntimeError(f"{build_dir} holds no _core{suffix}: it was configured for another "
                           "interpreter than this one; name another build-dir, or none")
    return package


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{arcname},sha256={digest},{len(data)}"


def _dist_info_files():
    return {"METADATA": _metadata(), "WHEEL": _wheel_file()}


# ---- PEP 517 hooks ----------------------------------------------------------

def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    folder = os.path.join(metadata_directory, _dist_info_name())
    os.makedirs(folder, exist_ok=True)
    for name, text in _dist_info_files().items():
        with open(os.path.join(folder, name), "w", encoding="utf-8") as f:
            f.write(text)
    return _dist_info_name()


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    package = _build(config_settings)
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    wheel_name = f"{NAME}-{_version()}-{_tag()}.whl"
    records = []
    path = os.path.join(wheel_directory, wheel_name)
    with zipfile.ZipFile(path, "w", compression=zipfile.ZIP_DEFLATED) as z:
        def add(arcname, data):
            z.writestr(zipfile.ZipInfo(arcname, date_time=(2020, 1, 1, 0, 0, 0)), data,
                       compress_type=zipfile.ZIP_DEFLATED)
            records.append(_record_line(arcname, data))

        for name in sorted(os.listdir(package)):
            if not PACKAGE_FILES.match(name):
                continue
            if name.startswith(("_core.", "_program.")) and not name.endswith(suffix):
                continue  # a build for another interpreter in the same folder
            with open(os.path.join(package, name), "rb") as f:
                data = f.read()
            info = zipfile.ZipInfo(f"{NAME}/{name}", date_time=(2020, 1, 1, 0, 0, 0))
            info.external_attr = (0o755 if name.endswith(".so") else 0o644) << 16
            z.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED)
            records.append(_record_line(f"{NAME}/{name}", data))
        dist = _dist_info_name()
        for name, text in _dist_info_files().items():
            add(f"{dist}/{name}", text.encode())
        record = "\n".join(records + [f"{dist}/RECORD,,"]) + "\n"
        z.writestr(zipfile.ZipInfo(f"{dist}/RECORD", date_time=(2020, 1, 1, 0, 0, 0)), record)
    return wheel_name


def build_sdist(sdist_directory, config_settings=None):
    """The tracked files (git ls-files), or the tree less build folders without git."""
    base = f"{NAME}-{_version()}"
    try:
        out = subprocess.run(["git", "ls-files", "-z"], cwd=ROOT, check=True,
                             capture_output=True).stdout
        files = [f for f in out.decode().split("\0") if f]
    except (OSError, subprocess.CalledProcessError):
        files = []
        for folder, dirs, names in os.walk(ROOT):
            dirs[:] = [d for d in dirs if not d.startswith((".", "build")) and d != "node_modules"]
            files += [os.path.relpath(os.path.join(folder, n), ROOT) for n in names]
    name = base + ".tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as tar:
        for f in sorted(files):
            if os.path.isfile(os.path.join(ROOT, f)):
                tar.add(os.path.join(ROOT, f), arcname=f"{base}/{f}", recursive=False)
        with tempfile.NamedTemporaryFile("w", delete=False) as pkg:
            pkg.write(_metadata())
        tar.add(pkg.name, arcname=f"{base}/PKG-INFO")
        os.unlink(pkg.name)
    return name
