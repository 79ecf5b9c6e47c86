#!/usr/bin/env bash
# Runs every libFuzzer target (fuzz/) for SECONDS each (default 20), with
# seed corpora built from the examples and golden inputs of every game.
#   scripts/fuzz.sh [SECONDS]
# The targets are built by the asan preset (clang, ASan + UBSan), the same
# build as the sanitizer tests (scripts/test.sh asan). Findings (crash-*,
# timeout-*, oom-* files) are left in build/asan/fuzz/findings/ and make the
# script fail; turn each into a regression test. Corpora grow in
# build/asan/fuzz/corpus/<target>/ and are reused by the next run.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
./scripts/setup.sh clang libclang-rt-14-dev
[ -f build/asan/build.ninja ] || cmake --preset asan -G Ninja >/dev/null
cmake --build --preset asan --target fuzz_solve fuzz_position fuzz_play fuzz_web
out=build/asan/fuzz
games=$(build/release/perfectplay list 2>/dev/null | awk '{print $1}' || true)
[ -n "$games" ] || games=$(ls examples)
mkdir -p $out/findings
status=0
for target in fuzz_solve fuzz_position fuzz_play fuzz_web; do
  corpus=$out/corpus/$target
  seeds=$out/seeds/$target
  rm -rf "$seeds"
  mkdir -p "$corpus" "$seeds"
  n=0
  for game in $games; do
    printf '%s\n' "$game" > "$seeds/$game-empty"
    if [ $target = fuzz_web ]; then  # requests: METHOD PATH, then the body
      for verb in analyze hint play generate; do
        printf 'POST /api/%s\n{"game":"%s","options":{},"move":"1 1","seed":1}' "$verb" "$game" \
          > "$seeds/$game-$verb"
      done
      printf 'GET /api/games\n' > "$seeds/games"
      printf 'GET /%%2e%%2e/index.html\n' > "$seeds/dots"
      # Deep nesting in every field (issue 31: 200,000 levels overflowed the
      # stack); within -max_len, past the handler's limit of 64 levels.
      for depth in 64 65 1000 30000; do
        open=$(printf '%*s' $depth '' | tr ' ' '[')
        close=$(printf '%*s' $depth '' | tr ' ' ']')
        n=0
        for body in "$open$close" "{\"game\":$open$close}" \
          "{\"game\":\"$game\",\"options\":$open$close}" \
          "{\"game\":\"$game\",\"options\":{\"misere\":$open$close}}" \
          "{\"game\":\"$game\",\"position\":$open$close}" \
          "{\"game\":\"$game\",\"move\":$open$close}" "{\"game\":\"$game\",\"seed\":$open$close}"; do
          printf 'POST /api/play\n%s' "$body" > "$seeds/$game-deep-$depth-$n"
          n=$((n + 1))
        done
      done
      continue
    fi
    case $target in
      fuzz_solve) verb=solve ;;
      fuzz_play) verb=play ;;
      *) verb=analyze ;;
    esac
    for f in examples/"$game"/*.in tests/golden/"$game"/*.cmd; do
      [ -e "$f" ] || continue
      case $f in
        *.in)  # an example: contest input
          [ $verb = solve ] || continue
          flags=""
          [ -f "${f%.in}.flags" ] && flags=" $(cat "${f%.in}.flags")"
          { printf '%s%s\n' "$game" "$flags"; cat "$f"; } > "$seeds/$game-$n" ;;
        *.cmd)  # a golden case: its stdin for solve and play, its --position for analyze
          read -r cmd < "$f"
          case $cmd in "$verb "*) ;; *) continue ;; esac
          if [ $verb = analyze ]; then
            pos=$(sed -n 's/.*--position "\([^"]*\)".*/\1/p' "$f")
            [ -n "$pos" ] || continue
            printf '%s\n%s\n' "$game" "$pos" > "$seeds/$game-$n"
          else
            [ -f "${f%.cmd}.in" ] || continue
            { printf '%s\n' "$game"; cat "${f%.cmd}.in"; } > "$seeds/$game-$n"
          fi ;;
      esac
      n=$((n + 1))
    done
  done
  echo "== $target: $seconds s, $(ls "$seeds" | wc -l) seeds, $(ls "$corpus" | wc -l) corpus entries"
done

# Each target runs single-threaded for SECONDS: as many at once as there are
# CPUs, so that the run takes SECONDS per round, not per target.
fuzz() {  # fuzz TARGET: its exit status
  (cd $out/findings && ../$1 -max_total_time="$seconds" -timeout=10 \
    -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 "../corpus/$1" "../seeds/$1" \
    2>"../$1.log")
}
report() {  # report TARGET STATUS
  if [ "$2" != 0 ]; then
    status=1
    tail -40 "$out/$1.log"
  fi
  echo "== $1:"
  grep -E "^(stat::number_of_executed_units|stat::peak_rss_mb|Done)" "$out/$1.log" || true
}
targets=(fuzz_solve fuzz_position fuzz_play fuzz_web)
at_once=$(nproc)
for ((i = 0; i < ${#targets[@]}; i += at_once)); do
  pids=()
  for target in "${targets[@]:i:at_once}"; do
    fuzz "$target" &
    pids+=($!)
  done
  k=0
  for target in "${targets[@]:i:at_once}"; do
    rc=0
    wait "${pids[$k]}" || rc=$?
    report "$target" "$rc"
    k=$((k + 1))
  done
done
exit $status
