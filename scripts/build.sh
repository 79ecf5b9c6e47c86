#!/usr/bin/env bash
# Configures and builds one CMake preset (default: release).
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-release}
# The sanitizer build (asan) is clang's: ASan, UBSan and the libFuzzer targets.
if [ "$preset" = asan ]; then ./scripts/setup.sh clang libclang-rt-14-dev; else ./scripts/setup.sh; fi
[ -f "build/$preset/build.ninja" ] || cmake --preset "$preset" -G Ninja >/dev/null
cmake --build --preset "$preset"
