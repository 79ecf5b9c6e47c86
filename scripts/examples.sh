#!/usr/bin/env bash
# The main job on the bundled examples: builds perfectplay, then solves every
# examples/<game>/*.in with `perfectplay solve <game>` and prints the answers
# next to the expected ones.
set -euo pipefail
cd "$(dirname "$0")/.."
# The build's progress (ninja's [done/total] lines) goes to stderr: on a
# terminal as one line redrawn in place, elsewhere line by line; a failed
# build shows its whole log.
echo "examples: building build/release (the first build takes minutes on 2 cores)" >&2
log=$(mktemp)
trap 'rm -f "$log"' EXIT
if ! ./scripts/build.sh release 2>&1 | tee "$log" | while IFS= read -r line; do
  case $line in
    \[*/*\]*)
      if [ -t 2 ]; then printf '\r%s\033[K' "${line:0:$(( ${COLUMNS:-80} - 1 ))}" >&2
      else echo "$line" >&2; fi ;;
  esac
done; then
  [ -t 2 ] && printf '\r\033[K' >&2
  cat "$log" >&2
  echo "examples: the build failed" >&2
  exit 1
fi
[ -t 2 ] && printf '\r\033[K' >&2
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
