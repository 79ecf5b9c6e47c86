#!/usr/bin/env bash
# The CMake package, used as a consumer would: `cmake --install` of the
# library (component dev) into a scratch prefix, then the own-game examples'
# project (examples/own-game, a project of its own) configured against that
# prefix alone with find_package(perfectplay CONFIG REQUIRED) and its
# tic-tac-toe built and run. The prefix is moved after installing, so a path
# of the build tree or of the first prefix left in the package fails here
# (relocatable). Usage: check_package.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
source=$2
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$scratch/first" --component dev >/dev/null
mv "$scratch/first" "$scratch/prefix"
prefix=$scratch/prefix
[ -f "$prefix/lib/cmake/perfectplay/perfectplayConfig.cmake" ] || fail "no perfectplayConfig.cmake"
[ -f "$prefix/lib/cmake/perfectplay/perfectplayConfigVersion.cmake" ] || fail "no version file"
[ -f "$prefix/include/perfectplay/builder/own_game.h" ] || fail "no builder header"
[ -f "$prefix/include/perfectplay/api/engine.h" ] || fail "no api header"
[ ! -e "$prefix/include/perfectplay/games" ] || fail "the built-in games' headers are installed"
[ ! -e "$prefix/include/perfectplay/verify" ] || fail "the RapidCheck driver is installed"
if grep -rqiE 'rapidcheck|gtest|GTest' "$prefix/lib/cmake/perfectplay"; then
  fail "the package names a test-only dependency"
fi
if grep -rq "$build\|$scratch/first" "$prefix/lib/cmake/perfectplay"; then
  fail "the package holds an absolute path of the build or of the first prefix"
fi

# The consumer: only the prefix is known to it (no path into this tree).
cmake -S "$source/examples/own-game" -B "$scratch/consumer" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$prefix" ${CMAKE_CXX_COMPILER_LAUNCHER:+-DCMAKE_CXX_COMPILER_LAUNCHER=$CMAKE_CXX_COMPILER_LAUNCHER} \
  >"$scratch/configure.log" 2>&1 || { cat "$scratch/configure.log"; fail "the consumer does not configure"; }
grep -q "perfectplay_DIR:PATH=$prefix/lib/cmake/perfectplay" "$scratch/consumer/CMakeCache.txt" ||
  fail "the consumer did not find the package in the prefix"
cmake --build "$scratch/consumer" --target tictactoe >"$scratch/build.log" 2>&1 ||
  { cat "$scratch/build.log"; fail "the consumer does not build"; }
out=$("$scratch/consumer/tictactoe" analyze tictactoe --position .........)
grep -q "draw" <<<"$out" || fail "the consumer's tic-tac-toe does not find the draw: $out"
echo "package: installed, relocated, found by find_package and built against ($prefix)"
