#!/usr/bin/env bash
# Fails if any C++ file differs from .clang-format's layout.
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files '*.h' '*.cpp' | xargs clang-format --dry-run --Werror
