#!/usr/bin/env bash
# Configures and builds one CMake preset (default: release).
set -euo pipefail
cd "$(dirname "$0")/.."
preset=${1:-release}
./scripts/setup.sh
[ -f "build/$preset/build.ninja" ] || cmake --preset "$preset" -G Ninja >/dev/null
cmake --build --preset "$preset"
