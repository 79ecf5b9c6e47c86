#!/usr/bin/env bash
# Installs what perfectplay needs from Debian's packages, only what is missing.
# Runs as root (CI) or through sudo. Extra package names given as arguments are
# installed too (scripts/build.sh asks for clang and its sanitizer and fuzzer
# runtime for the asan preset).
set -euo pipefail
packages=(g++ cmake ninja-build make libcli11-dev libfmt-dev nlohmann-json3-dev libgtest-dev
          libgmock-dev librapidcheck-dev libbenchmark-dev clang-format help2man pybind11-dev python3-dev
          python3-numpy python3-scipy python3-pytest pkg-config time
          libcpp-httplib-dev chromium parallel "$@")
# The web board's browser tests (tests/web) need node and npm; a node that is
# already there (another distribution's) is kept.
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
# puppeteer-core and axe-core for tests/web, pinned by its package-lock.json; the browser is
# Debian's chromium, never a download.
web="$(dirname "$0")/../tests/web"
if [ ! -d "$web/node_modules/puppeteer-core" ] || [ ! -d "$web/node_modules/axe-core" ]; then
  echo "setup: npm ci in tests/web" >&2
  (cd "$web" && PUPPETEER_SKIP_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error)
fi
