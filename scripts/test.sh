#!/usr/bin/env bash
# The whole test suite: unit, property-based theory-vs-reference, and golden
# CLI files, on the release build (warnings as errors).
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-release}
./scripts/build.sh "$preset"
ctest --preset "$preset" -j"$(nproc)"
