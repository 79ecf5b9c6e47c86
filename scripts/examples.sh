#!/usr/bin/env bash
# The main job on the bundled examples: builds perfectplay, then solves every
# examples/<game>/*.in with `perfectplay solve <game>` and prints the answers
# next to the expected ones.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh release >/dev/null
bin=build/release/perfectplay
status=0
for dir in examples/*/; do
  game=$(basename "$dir")
  for input in "$dir"*.in; do
    [ -e "$input" ] || continue
    flags=""
    [ -f "${input%.in}.flags" ] && flags=$(cat "${input%.in}.flags")
    echo "== perfectplay solve $game $flags $input"
    # shellcheck disable=SC2086
    got=$("$bin" solve "$game" $flags "$input")
    echo "$got"
    if [ -f "${input%.in}.out" ]; then
      if [ "$got" = "$(cat "${input%.in}.out")" ]; then
        echo "-- matches ${input%.in}.out"
      else
        echo "-- DIFFERS from ${input%.in}.out"; status=1
      fi
    fi
  done
done
exit $status
