#!/usr/bin/env bash
# Installs what the benchmarks (bench/) need beyond the build: hyperfine for
# whole-process timings, SciPy and dlib as peer assignment solvers, and
# gnuplot for the plots. Only what is missing; as root or through sudo.
set -euo pipefail
cd "$(dirname "$0")/.."
exec ./scripts/setup.sh hyperfine python3-numpy python3-scipy libdlib-dev gnuplot-nox
