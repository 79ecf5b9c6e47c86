#!/usr/bin/env bash
# perfectplay judge, check and validate, end to end (docs/judge.md).
#   run.sh PERFECTPLAY [--quick]
# judge must find each deliberately wrong solution of this folder with the
# right verdict and shrink the wrong answers to small inputs (the sizes are
# asserted below); the same scripts' correct variants, and our own solve,
# must pass; check and validate must agree with the golden files and the
# bad-input catalogue (tests/golden). --quick (a quick look by hand) runs
# fewer tests of the correct programs.
set -u
pp=$(realpath "$1")
export PERFECTPLAY=$pp
quick=0
[ "${2:-}" = --quick ] && quick=1
here=$(cd "$(dirname "$0")" && pwd)
golden=$here/../golden
py=/usr/bin/python3
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0
fail=0

bad() {
  echo "FAIL $1"
  sed 's/^/  | /' "$tmp/out" | head -40
  sed 's/^/  ! /' "$tmp/err" | head -10
  fail=$((fail + 1))
}

# judge NAME RC PATTERN ARGS...: runs `perfectplay judge ARGS`, wants exit
# code RC and PATTERN (grep -E) on stdout.
judge() {
  local name=$1 want_rc=$2 pattern=$3
  shift 3
  local start end
  start=$(date +%s.%N)
  "$pp" judge "$@" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  end=$(date +%s.%N)
  if [ "$rc" != "$want_rc" ] || ! grep -qE "$pattern" "$tmp/out"; then
    bad "$name: exit code $rc (want $want_rc), pattern /$pattern/"
    return 1
  fi
  printf 'ok   %-26s %5.2f s  %s\n' "$name" "$(echo "$end - $start" | bc)" "$(head -1 "$tmp/out")"
  grep -E '^shrunk' "$tmp/out" | sed 's/^/     /'
  pass=$((pass + 1))
}

# The shrunk input judge printed, one line per line.
shrunk() { sed -n '/^--- input/,/^--- expected/p' "$tmp/out" | sed '1d;$d'; }

# assert NAME CONDITION: a check on the shrunk input.
assert() {
  if eval "$2"; then
    pass=$((pass + 1))
  else
    bad "$1: shrunk input fails [$2]:"
    shrunk | head -10
  fi
}

common=(--seed 7 -j 2 --time-limit 5)

echo "[$SECONDS s] ${0##*/}: deliberately wrong"
# --- deliberately wrong solutions: verdict and shrink -----------------------
if judge nim-misere-ignored 3 '^judge nim: WA' nim --misere "${common[@]}" -- "$here/nim_normal.sh"; then
  assert nim-misere-ignored '[ "$(shrunk | sed -n 1p)" = 1 ] && [ "$(shrunk | sed -n 2p)" -le 2 ]'
fi
if judge gridgame-greedy 3 '^judge gridgame: WA' gridgame "${common[@]}" -- $py "$here/gridgame_greedy.py"; then
  assert gridgame-greedy '[ "$(shrunk | sed -n 1p)" = 1 ] && [ "$(shrunk | sed -n 2p)" -le 2 ]'
fi
if judge bacteria-cells 3 '^judge bacteria: WA' bacteria "${common[@]}" -- $py "$here/bacteria_cells.py"; then
  assert bacteria-cells '[ "$(shrunk | sed -n 1p)" = 1 ] && [ "$(shrunk | sed -n 2p)" = "1 1" ]'
fi
if judge binim2-swapped 3 '^judge binim2: WA' binim2 "${common[@]}" -- $py "$here/binim2_swapped.py"; then
  assert binim2-swapped '[ "$(shrunk | sed -n 1p)" = 1 ] && [ "$(shrunk | sed -n 2p | cut -d" " -f1)" = 1 ] && [ "$(shrunk | sed -n 3p | wc -c)" -le 3 ]'
fi
if judge asymmetry-floor 3 '^judge asymmetry: WA' asymmetry "${common[@]}" --rows 30 --cols 30 -- $py "$here/asymmetry_floor.py"; then
  assert asymmetry-floor '[ "$(shrunk | sed -n 1p | cut -d" " -f1-2)" = "1 2" ]'
fi
if judge gridgame-crash 8 '^judge gridgame: RE.*' gridgame "${common[@]}" -- "$here/crasher.sh"; then
  assert gridgame-crash 'grep -q SIGSEGV "$tmp/out" && [ "$(shrunk | tr "\n" " ")" = "1 1 0 " ]'
fi
# A large failing input at hand (--input), shrunk: from 50 cases of up to 10
# rows to one case of at most two rows; from 20 matrices of 8 x 8 to one of
# at most 3 x 3.
"$pp" generate nim --seed 3 --cases 50 --rows 10 --max-length 3 >"$tmp/nim.in"
if judge nim-misere-input 3 '^judge nim: WA' nim --misere "${common[@]}" --input "$tmp/nim.in" -- "$here/nim_normal.sh"; then
  assert nim-misere-input '[ "$(shrunk | sed -n 1p)" = 1 ] && [ "$(shrunk | sed -n 2p)" -le 2 ]'
fi
"$pp" generate gridgame --seed 3 --cases 20 --n 8 >"$tmp/grid.in"
if judge gridgame-greedy-input 3 '^judge gridgame: WA' gridgame "${common[@]}" --input "$tmp/grid.in" -- $py "$here/gridgame_greedy.py"; then
  assert gridgame-greedy-input '[ "$(shrunk | sed -n 1p)" = 1 ] && [ "$(shrunk | sed -n 2p)" -le 3 ]'
fi
judge nim-sleeper 6 '^judge nim: TLE' nim --seed 7 -j 2 --time-limit 0.3 --no-shrink -- "$here/sleeper.sh"
judge bacteria-allocator 7 '^judge bacteria: MLE' bacteria "${common[@]}" --memory-limit 200 --no-shrink -- $py "$here/allocator.py"
if judge binim-crlf 5 '^judge binim: PE' binim "${common[@]}" -- "$here/crlf.sh" binim; then
  assert binim-crlf 'grep -q "Windows line endings" "$tmp/out" && [ "$(shrunk | wc -l)" -le 3 ]'
fi

echo "[$SECONDS s] ${0##*/}: shrinking fast (issue 37)"
# --- three failures that hit the old shrinker's 60 s cap ---------------------
# Each starts from the failing test `judge GAME --seed 7 -j 2 -- PROGRAM`
# finds (nim with --max-length 10000000000), written again by the command
# judge prints for it ("regenerate it: ..."); the bounds on runs hold for any
# machine (the old shrinker took 1286, 1829 and 1486 runs, the last two
# stopped by --shrink-time); the times are printed.
shrink_case() {  # shrink_case NAME RC MAX_RUNS GAME ARGS... -- PROGRAM
  local name=$1 want_rc=$2 max_runs=$3
  shift 3
  if judge "$name" "$want_rc" '^judge' "$@"; then
    local runs
    runs=$(sed -n 's/^shrunk in [0-9]* steps\? (\([0-9]*\) runs.*/\1/p' "$tmp/out")
    if grep -q 'stopped by --shrink-time' "$tmp/out" || [ -z "$runs" ] || [ "$runs" -gt "$max_runs" ]; then
      bad "$name: shrink took ${runs:-?} runs (at most $max_runs wanted) or was stopped"
      return 1
    fi
  else
    return 1
  fi
}
"$pp" generate gridgame --seed 3714432240112385972 --cases 20 --n 8 --max-abs 1000 >"$tmp/g6.in"
if shrink_case gridgame-off-by-constant 3 150 gridgame "${common[@]}" --input "$tmp/g6.in" -- "$here/gridgame_off_by_constant.sh"; then
  # One 2 x 2 case whose answer is just past 1000 (every entry as small as it can be).
  assert gridgame-off-by-constant '[ "$(shrunk | sed -n 1p)" = 1 ] && [ "$(shrunk | sed -n 2p)" = 2 ] && grep -q "expected \`100[1-9]\`" "$tmp/out"'
fi
"$pp" generate nim --seed 2532601429470541124 --cases 76 --rows 9 --max-length 2511886431 >"$tmp/int32.in"
if shrink_case nim-int32-rows 3 200 nim "${common[@]}" --input "$tmp/int32.in" -- "$here/nim_int32.sh"; then
  # Exactly the smallest failing row: 2^31.
  assert nim-int32-rows '[ "$(shrunk | tr "\n" " ")" = "1 1 2147483648 " ]'
fi
"$pp" generate gridgame --seed 1866550240620900528 --cases 18 --n 8 --max-abs 813 >"$tmp/crash8.in"
if shrink_case gridgame-crash-at-8 8 400 gridgame "${common[@]}" --input "$tmp/crash8.in" -- "$here/gridgame_crash8.sh"; then
  # One 8 x 8 case, every entry 0.
  assert gridgame-crash-at-8 '[ "$(shrunk | sed -n 2p)" = 8 ] && [ "$(shrunk | sed -n "3,\$p" | tr -d " 0\n")" = "" ] && [ "$(shrunk | wc -l)" = 10 ]'
fi

echo "[$SECONDS s] ${0##*/}: what a program leaves behind (issue 31 item 8)"
# --- detached processes, signals, the scratch folder -------------------------
# JUDGE_MARK makes each sleeper findable; judge must leave none behind.
mark=$((4000 + RANDOM % 1000)).$$
export JUDGE_MARK=$mark
export TMPDIR=$tmp/scratch
mkdir -p "$TMPDIR"
# How many `sleep $mark` are running (zombies have no command line), read
# from /proc: procps (pgrep) is not among the dependencies.
left() {
  $py -c 'import os, sys
m = sys.argv[1].encode()
n = 0
for p in os.listdir("/proc"):
    try:
        a = open("/proc/" + p + "/cmdline", "rb").read().split(b"\0") if p.isdigit() else []
    except OSError:
        continue
    n += len(a) >= 2 and os.path.basename(a[0]) == b"sleep" and a[1] == m
print(n)' "$mark"
}
for prog in detach double_fork; do
  if judge "leaves-$prog" 0 '^judge nim: OK' nim --tests 5 -j 2 -- "$here/$prog.sh"; then
    sleep 0.2
    assert "leaves-$prog" '[ "$(left)" = 0 ] && grep -qE "left [1-9][0-9]* process(es)? running" "$tmp/out"'
  fi
done
for sig in INT TERM; do
  "$pp" judge nim -j 2 --time-limit 100 -- "$here/stubborn.sh" >"$tmp/out" 2>"$tmp/err" &
  jpid=$!
  for _ in $(seq 50); do [ "$(left)" -ge 4 ] && break; sleep 0.1; done
  started=$(left)
  kill -$sig $jpid
  wait $jpid
  rc=$?
  sleep 0.2
  want=$([ $sig = INT ] && echo 130 || echo 143)
  if [ "$started" -ge 4 ] && [ "$rc" = "$want" ] && [ "$(left)" = 0 ] && [ -z "$(ls -A "$TMPDIR")" ] &&
    grep -q "stopped by SIG$sig" "$tmp/err"; then
    pass=$((pass + 1))
    echo "ok   judge-stopped-by-$sig      exit $rc, nothing left"
  else
    bad "judge stopped by SIG$sig: exit $rc (want $want), $started sleepers seen, $(left) left, scratch: $(ls -A "$TMPDIR")"
  fi
done
unset JUDGE_MARK
export TMPDIR=${TMPDIR%/scratch}
rm -rf "$tmp/scratch"

echo "[$SECONDS s] ${0##*/}: past the contest's limits, stderr's end, the setter's tests (issue 37)"
# --- sizes past the contest's limits: judged, and said so (once aborted) ------
judge gridgame-past-limits 0 'broke the contest.s limits' gridgame --seed 7 -j 2 --tests 80 --max-abs 100000 -- "$pp" solve gridgame -
judge binim-past-limits 0 'broke the contest.s limits' binim --seed 7 -j 2 --tests 120 --stacks 60 -- "$pp" solve binim -
# --- the end of stderr is shown ----------------------------------------------
if judge stderr-end 8 '^judge nim: RE' nim "${common[@]}" --no-shrink -- "$here/loud_crash.sh"; then
  assert stderr-end 'grep -q "Assertion .n < 8. failed" "$tmp/out" && grep -q "noise line 99" "$tmp/out" && ! grep -q "noise line 0:" "$tmp/out"'
fi
# --- a failing input too long to show is kept in a named file -----------------
mkdir -p "$tmp/keep"
if TMPDIR=$tmp/keep judge keeps-large-input 3 '^judge nim: WA' nim --misere "${common[@]}" --no-shrink --input "$tmp/nim.in" -- "$here/nim_normal.sh"; then
  assert keeps-large-input 'grep -q "^--- input (whole in $tmp/keep/perfectplay-judge-nim-seed7-test0.in)" "$tmp/out" && cmp -s "$tmp/nim.in" "$tmp/keep/perfectplay-judge-nim-seed7-test0.in"'
fi
# --- a setter's generator and test folder (docs/judge.md's workflow) ----------
judge setter-workflow-gen 3 '^judge gridgame: WA .* on seed 1 ' gridgame --gen "$py $here/setter/gen.py {seed}" --tests 200 --seed 1 -j 2 --no-shrink -- $py "$here/gridgame_greedy.py"
if judge setter-workflow-dir 3 '^judge gridgame: WA, 3 tests .*: 2 OK, 1 WA' gridgame --tests-dir "$here/setter/tests" --keep-going --time-limit-cpu 1 -j 2 -- $py "$here/gridgame_greedy.py"; then
  assert setter-workflow-dir 'grep -q "setter/tests/02  *WA" "$tmp/out" && ! grep -q "01.a" "$tmp/out"'
fi
# --- CPU time limit ------------------------------------------------------------
# (a wall-clock limit far past it: this machine may be busy)
if judge cpu-limit 6 '^judge nim: TLE' nim --seed 7 -j 2 --time-limit-cpu 0.3 --time-limit 60 --no-shrink -- "$here/busy.sh"; then
  assert cpu-limit 'grep -q "of CPU (--time-limit-cpu 0.3" "$tmp/out"'
fi
# --- the exact command that writes a failing test again ------------------------
if judge regenerate 3 '^judge nim: WA' nim --misere "${common[@]}" --tests 300 --no-shrink --save "$tmp/failing.in" -- "$here/nim_normal.sh"; then
  cmdline=$(sed -n 's/^  regenerate it: perfectplay \(.*\) >test.in$/\1/p' "$tmp/out")
  # shellcheck disable=SC2086
  assert regenerate '[ -n "$cmdline" ] && "$pp" $cmdline | cmp -s - "$tmp/failing.in"'
fi
# --- the setter's generator ----------------------------------------------------
if judge setter-gen 3 '^judge nim: WA' nim --misere "${common[@]}" --tests 50 --gen "$here/gen_nim.sh {seed}" -- "$here/nim_normal.sh"; then
  assert setter-gen 'grep -q "regenerate it: .*gen_nim.sh [0-9]" "$tmp/out" && grep -q "on seed [0-9]" "$tmp/out"'
fi
judge setter-gen-right 0 '^judge nim: OK, 30 tests' nim --misere "${common[@]}" --tests 30 --gen "$here/gen_nim.sh {seed}" -- "$pp" solve nim --misere -
"$pp" judge nim "${common[@]}" --tests 3 --gen "echo 1; echo x; : {seed}" -- "$pp" solve nim - >"$tmp/out" 2>"$tmp/err"
rc=$?
if [ "$rc" = 1 ] && grep -qE "the generator's seed [0-9]+ is not a valid nim input: <generated>:2:1" "$tmp/err"; then
  pass=$((pass + 1))
else
  bad "setter-gen-broken: exit code $rc (want 1), and the message naming the generator's bad input"
fi
# --- a test folder and several --input, with --keep-going ---------------------
mkdir -p "$tmp/tests"
printf '1\n1\n0\n' >"$tmp/tests/01.in"            # misère: a win; normal play: lose (WA)
printf '1\n2\n3 5\n' >"$tmp/tests/02.in"          # the same either way: OK
printf '1\n1\n3\n' >"$tmp/tests/03.in"            # misère win 1 2, normal win 1 3 (WA)
printf 'lose\n' >"$tmp/tests/01.ans"             # an answer file: not a test
if judge tests-dir 3 '^judge nim: WA, 3 tests .*: 1 OK, 2 WA' nim --misere "${common[@]}" --keep-going --tests-dir "$tmp/tests" -- "$here/nim_normal.sh"; then
  assert tests-dir 'grep -q "^.*tests/01.in  WA" "$tmp/out" && grep -q "^.*tests/02.in  OK" "$tmp/out" && grep -q "^slowest: " "$tmp/out"'
fi
judge several-inputs 3 '^judge nim: WA \(wrong answer\) on .*03.in' nim --misere "${common[@]}" --input "$tmp/tests/02.in" --input "$tmp/tests/03.in" -- "$here/nim_normal.sh"
# --- keep going: the worst verdict is the exit code ---------------------------
judge keep-going 3 '^judge nim: WA, 40 tests' nim --misere "${common[@]}" --tests 40 --keep-going --no-shrink -- "$here/nim_normal.sh"

echo "[$SECONDS s] ${0##*/}: correct programs"
# --- correct programs pass ------------------------------------------------
n=60
[ "$quick" = 1 ] && n=10
judge bacteria-right 0 '^judge bacteria: OK' bacteria "${common[@]}" --tests "$n" -- $py "$here/bacteria_cells.py" --right
judge asymmetry-right 0 '^judge asymmetry: OK' asymmetry "${common[@]}" --tests "$n" --rows 30 --cols 30 -- $py "$here/asymmetry_floor.py" --right
n=50
[ "$quick" = 1 ] && n=10
judge solve-nim-misere 0 '^judge nim: OK' nim --misere "${common[@]}" --tests "$n" -- "$pp" solve nim --misere -
for g in nim binim binim2 bacteria gridgame octal; do
  judge "solve-$g" 0 "^judge $g: OK" "$g" "${common[@]}" --tests "$n" -- "$pp" solve "$g" -
done
judge solve-asymmetry 0 '^judge asymmetry: OK' asymmetry "${common[@]}" --tests "$n" --rows 200 --cols 200 -- "$pp" solve asymmetry -

echo "[$SECONDS s] ${0##*/}: check"
# --- check: the examples' answers, then broken copies -----------------------
for in in "$here"/../../examples/*/*.in; do
  game=$(basename "$(dirname "$in")")
  out=${in%.in}.out
  flags=""
  [ -f "${in%.in}.flags" ] && flags=$(cat "${in%.in}.flags")
  name="check-$game-$(basename "${in%.in}")"
  # shellcheck disable=SC2086
  "$pp" check "$game" $flags "$in" "$out" >"$tmp/out" 2>"$tmp/err"
  rc1=$?
  sed 's/$/\r/' "$out" >"$tmp/crlf"
  "$pp" check "$game" $flags "$in" "$tmp/crlf" >"$tmp/out2" 2>>"$tmp/err"
  rc2=$?
  # The last answer replaced: a wrong answer (testlib 1, kattis 43).
  { head -n -1 "$out"; echo "no such answer"; } >"$tmp/wrong"
  "$pp" check "$game" $flags "$in" "$tmp/wrong" --convention testlib >>"$tmp/out" 2>>"$tmp/err"
  rc3=$?
  "$pp" check "$game" $flags "$in" "$tmp/wrong" --convention kattis >>"$tmp/out" 2>>"$tmp/err"
  rc4=$?
  "$pp" check "$game" $flags "$in" "$out" --convention kattis >>"$tmp/out" 2>>"$tmp/err"
  rc5=$?
  if [ "$rc1 $rc2 $rc3 $rc4 $rc5" = "0 2 1 43 42" ]; then
    pass=$((pass + 1))
  else
    bad "$name: exit codes $rc1 $rc2 $rc3 $rc4 $rc5, want 0 2 1 43 42"
  fi
done

echo "[$SECONDS s] ${0##*/}: check as Polygon, Kattis and DOMjudge call it"
# --- the calling conventions, through wrappers as those systems run them -----
ex=$here/../../examples/gridgame
cat >"$tmp/check" <<EOF
#!/bin/sh
exec "$pp" check gridgame --convention testlib "\$@"
EOF
cat >"$tmp/run" <<EOF
#!/bin/sh
exec "$pp" check gridgame --convention kattis "\$@"
EOF
chmod +x "$tmp/check" "$tmp/run"
printf '5\n6\n-10\n' >"$tmp/wrong.out"
printf '5\r\n5\r\n-10\r\n' >"$tmp/crlf.out"
printf '5\n5\n-11\n' >"$tmp/badjury.ans"
conv() {  # conv NAME WANT_RC COMMAND...: exit code and nothing else
  "${@:3}" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ "$rc" = "$2" ]; then pass=$((pass + 1)); else bad "$1: exit code $rc, want $2"; fi
}
# testlib (Polygon, Codeforces): checker input output answer [result [-appes]]
conv testlib-ok 0 "$tmp/check" "$ex/sample1.in" "$ex/sample1.out" "$ex/sample1.out"
grep -q '^ok ' "$tmp/err" || bad "testlib-ok: stderr does not start with ok"
conv testlib-wa 1 "$tmp/check" "$ex/sample1.in" "$tmp/wrong.out" "$ex/sample1.out"
grep -q '^wrong answer line 2' "$tmp/err" || bad "testlib-wa: stderr is not testlib's wrong answer"
conv testlib-pe 2 "$tmp/check" "$ex/sample1.in" "$tmp/crlf.out" "$ex/sample1.out"
conv testlib-jury-wrong 3 "$tmp/check" "$ex/sample1.in" "$ex/sample1.out" "$tmp/badjury.ans"
conv testlib-result-file 1 "$tmp/check" "$ex/sample1.in" "$tmp/wrong.out" "$ex/sample1.out" "$tmp/result.xml" -appes
grep -q 'outcome="wrong-answer"' "$tmp/result.xml" || bad "testlib-result-file: no -appes XML"
# Kattis and DOMjudge: validator input answer feedback_dir [flags] < output
mkdir -p "$tmp/feedback"
conv kattis-ok 42 sh -c '"$0" "$1" "$2" "$3" case_sensitive space_change_sensitive <"$4"' "$tmp/run" "$ex/sample1.in" "$ex/sample1.out" "$tmp/feedback" "$ex/sample1.out"
conv kattis-wa 43 sh -c '"$0" "$1" "$2" "$3" <"$4"' "$tmp/run" "$ex/sample1.in" "$ex/sample1.out" "$tmp/feedback" "$tmp/wrong.out"
grep -q 'line 2: expected `5`, got `6`' "$tmp/feedback/judgemessage.txt" || bad "kattis-wa: judgemessage.txt"
conv kattis-jury-wrong 1 sh -c '"$0" "$1" "$2" "$3" <"$4"' "$tmp/run" "$ex/sample1.in" "$tmp/badjury.ans" "$tmp/feedback" "$ex/sample1.out"
conv kattis-no-feedback-dir 1 sh -c '"$0" "$1" "$2" "$3" <"$4"' "$tmp/run" "$ex/sample1.in" "$ex/sample1.out" "$tmp/nonexistent" "$ex/sample1.out"

echo "[$SECONDS s] ${0##*/}: check's streamed comparison (issue 31 item 10)"
# --- check compares the output with the answer as the answer is produced ------
# (1 MiB pieces), and rebuilds only an output that differs: the verdicts and
# messages must be those of the whole-text comparison, wherever the output
# differs (inside a piece, across pieces, at either end) and from a pipe.
"$pp" generate nim --cases 300000 --rows 2 --max-length 3 >"$tmp/many.in"
"$pp" solve nim "$tmp/many.in" >"$tmp/many.out"
lines=$(wc -l <"$tmp/many.out")
streamed() {  # streamed NAME WANT_RC WANT_STDOUT_PATTERN OUTPUT
  "$pp" check nim "$tmp/many.in" "$4" >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ "$rc" = "$2" ] && grep -q -- "$3" "$tmp/out"; then
    pass=$((pass + 1))
  else
    bad "$1: exit code $rc, stdout $(head -c 200 "$tmp/out"), want $2 and /$3/"
  fi
}
streamed check-stream-ok 0 "^OK: $(wc -c <"$tmp/many.out") bytes, $lines lines$" "$tmp/many.out"
head -c -1 "$tmp/many.out" >"$tmp/nonl.out"  # no final newline: forgiven
streamed check-stream-no-final-newline 0 "^OK: $(wc -c <"$tmp/nonl.out") bytes, $lines lines$" "$tmp/nonl.out"
sed '250000s/^win/loss/' "$tmp/many.out" >"$tmp/late.out"  # past the first MiB
streamed check-stream-late-wa 1 '^WA: line 250000: expected `win' "$tmp/late.out"
head -n -1 "$tmp/many.out" >"$tmp/short.out"
streamed check-stream-short 1 "^WA: line $lines: expected .*, got the end of the output" "$tmp/short.out"
{ cat "$tmp/many.out"; echo "win 1 1"; } >"$tmp/long.out"
streamed check-stream-long 1 "^WA: line $((lines + 1)): expected the end of the output, got \`win 1 1\`" "$tmp/long.out"
sed '200000s/$/\r/' "$tmp/many.out" >"$tmp/cr.out"
streamed check-stream-pe 2 '^PE: line 200000: Windows line endings' "$tmp/cr.out"
streamed check-stream-missing 3 '^FAIL: cannot read the output' "$tmp/nonexistent.out"
# From a pipe (Kattis: the output on stdin), differing after the first MiB:
# the bytes that matched are not read again.
conv kattis-stream-late-wa 43 sh -c '"$0" check nim --convention kattis "$1" "$2" "$3" <"$4"' "$pp" "$tmp/many.in" "$tmp/many.out" "$tmp/feedback" "$tmp/late.out"
grep -q '^line 250000: expected `win' "$tmp/feedback/judgemessage.txt" || bad "kattis-stream-late-wa: judgemessage.txt $(head -c 200 "$tmp/feedback/judgemessage.txt")"
conv kattis-stream-ok 42 sh -c 'cat "$4" | "$0" check nim --convention kattis "$1" "$2" "$3"' "$pp" "$tmp/many.in" "$tmp/many.out" "$tmp/feedback" "$tmp/many.out"
# A jury's answer that differs late is a failure of the checker.
conv testlib-stream-jury-wrong 3 "$pp" check nim --convention testlib "$tmp/many.in" "$tmp/many.out" "$tmp/late.out"

echo "[$SECONDS s] ${0##*/}: check's WA and PE paths, streamed too (issue 31 item 10)"
# --- an output that differs is compared as it is read, as an accepted one is,
# never held whole: the messages must be the whole-text comparison's
# (compare_output), byte for byte, in every convention and with a jury's
# answer. The expected texts are written from the answer's own lines.
line() { sed -n "${1}p" "$tmp/many.out"; }
exact() {  # exact NAME WANT_RC WHERE WANT COMMAND...: exit code, and all of WHERE (out, err, feedback)
  "${@:5}" >"$tmp/out" 2>"$tmp/err"
  local rc=$? file=$tmp/$3
  [ "$3" = feedback ] && file=$tmp/feedback/judgemessage.txt
  if [ "$rc" = "$2" ] && [ "$(cat "$file")" = "$4" ]; then
    pass=$((pass + 1))
  else
    bad "$1: exit code $rc (want $2), $3 \`$(head -c 300 "$file")\`, want \`$4\`"
  fi
}
l1=$(line 1)
sed '1s/.*/WRONG/' "$tmp/many.out" >"$tmp/wa_first.out"
exact check-wa-first 1 out "WA: line 1: expected \`$l1\`, got \`WRONG\`" "$pp" check nim "$tmp/many.in" "$tmp/wa_first.out"
sed "${lines}s/.*/WRONG/" "$tmp/many.out" >"$tmp/wa_last.out"
exact check-wa-last 1 out "WA: line $lines: expected \`$(line "$lines")\`, got \`WRONG\`" "$pp" check nim "$tmp/many.in" "$tmp/wa_last.out"
sed 's/$/ /' "$tmp/many.out" >"$tmp/trailing.out"
exact check-pe-trailing 2 out "PE: line 1: whitespace differs: expected \`$l1\`, got \`$l1 \`" "$pp" check nim "$tmp/many.in" "$tmp/trailing.out"
sed 's/$/\r/' "$tmp/many.out" >"$tmp/crlf_all.out"
exact check-pe-crlf 2 out "PE: line 1: Windows line endings (\\r\\n): expected \`$l1\`, got \`$l1\\r\`" "$pp" check nim "$tmp/many.in" "$tmp/crlf_all.out"
sed G "$tmp/many.out" >"$tmp/blank_lines.out"
exact check-pe-blank-lines 2 out "PE: line 2: whitespace differs: expected \`$(line 2)\`, got \`\`" "$pp" check nim "$tmp/many.in" "$tmp/blank_lines.out"
{ cat "$tmp/many.out"; printf '\n \n'; } >"$tmp/longer_blank.out"
exact check-pe-longer-by-blanks 2 out "PE: line $((lines + 1)): whitespace differs: expected \`\`, got \`\`" "$pp" check nim "$tmp/many.in" "$tmp/longer_blank.out"
tr '\n' ' ' <"$tmp/many.out" >"$tmp/one_line.out"  # 2 MB on one line: the message shows 200 bytes
exact check-pe-one-line 2 out "PE: line 1: whitespace differs: expected \`$l1\`, got \`$(head -c 200 "$tmp/one_line.out")...\`" "$pp" check nim "$tmp/many.in" "$tmp/one_line.out"
sed '10s/$/  /; 290000s/.*/WRONG/' "$tmp/many.out" >"$tmp/pe_then_wa.out"
exact check-pe-then-wa 1 out "WA: line 290000: expected \`$(line 290000)\`, got \`WRONG\`" "$pp" check nim "$tmp/many.in" "$tmp/pe_then_wa.out"
# Lines 10 and 11 joined (the tokens agree), then a token that differs: the
# line named is the first that differs, 10.
sed '10{N;s/\n/ /}; 290000s/.*/WRONG/' "$tmp/many.out" >"$tmp/joined_then_wa.out"
exact check-joined-then-wa 1 out "WA: line 10: expected \`$(line 10)\`, got \`$(line 10) $(line 11)\`" "$pp" check nim "$tmp/many.in" "$tmp/joined_then_wa.out"
: >"$tmp/empty.out"
exact check-empty 1 out "WA: line 1: expected \`$l1\`, got the end of the output" "$pp" check nim "$tmp/many.in" "$tmp/empty.out"
exact check-pe-stdin 2 out "PE: line 1: whitespace differs: expected \`$l1\`, got \`$l1 \`" sh -c '"$0" check nim "$1" - <"$2"' "$pp" "$tmp/many.in" "$tmp/trailing.out"
# testlib with the jury's answer: the verdict on stderr; a jury's answer
# that differs only in its blanks is the exact answer, one that is wrong
# fails the checker.
exact testlib-pe-with-answer 2 err "wrong output format line 1: whitespace differs: expected \`$l1\`, got \`$l1 \`" "$pp" check nim --convention testlib "$tmp/many.in" "$tmp/trailing.out" "$tmp/many.out"
exact testlib-wa-with-pe-answer 1 err "wrong answer line $lines: expected \`$(line "$lines")\`, got \`WRONG\`" "$pp" check nim --convention testlib "$tmp/many.in" "$tmp/wa_last.out" "$tmp/crlf_all.out"
exact testlib-jury-wa-first 3 err "FAIL the jury's answer $tmp/wa_first.out is not the exact answer: line 1: expected \`$l1\`, got \`WRONG\`" "$pp" check nim --convention testlib "$tmp/many.in" "$tmp/many.out" "$tmp/wa_first.out"
exact kattis-pe-stdin 43 feedback "line 1: Windows line endings (\\r\\n): expected \`$l1\`, got \`$l1\\r\`" sh -c '"$0" check nim --convention kattis "$1" "$2" "$3" <"$4"' "$pp" "$tmp/many.in" "$tmp/many.out" "$tmp/feedback" "$tmp/crlf_all.out"
exact kattis-wa-with-pe-answer 43 feedback "line 1: expected \`$l1\`, got \`WRONG\`" sh -c '"$0" check nim --convention kattis "$1" "$2" "$3" <"$4"' "$pp" "$tmp/many.in" "$tmp/trailing.out" "$tmp/feedback" "$tmp/wa_first.out"

echo "[$SECONDS s] ${0##*/}: output that cannot be written (issue 31 item 9)"
# --- /dev/full: a failure of the checker, never a verdict ---------------------
conv check-dev-full-testlib 3 sh -c '"$0" check gridgame "$1" "$2" >/dev/full' "$pp" "$ex/sample1.in" "$ex/sample1.out"
conv check-dev-full-wrong 3 sh -c '"$0" check gridgame "$1" "$2" >/dev/full' "$pp" "$ex/sample1.in" "$tmp/wrong.out"
conv check-dev-full-kattis 1 sh -c '"$0" check gridgame --convention kattis "$1" "$2" >/dev/full' "$pp" "$ex/sample1.in" "$ex/sample1.out"
conv version-dev-full 1 sh -c '"$0" --version >/dev/full' "$pp"
conv help-dev-full 1 sh -c '"$0" solve nim --help >/dev/full' "$pp"
conv judge-dev-full 1 sh -c '"$0" judge nim --tests 3 -- "$0" solve nim - >/dev/full' "$pp"

echo "[$SECONDS s] ${0##*/}: validate and check"
# --- validate and check on the bad-input catalogue -----------------------
# Every golden `solve` case with bad input: validate refuses it with solve's
# own message, and check calls it a failure of the input (testlib 3).
checked=0
for cmd in "$golden"/*/bad_*.cmd; do
  base=${cmd%.cmd}
  [ -f "$base.in" ] && [ -f "$base.err" ] || continue
  read -r verb game flags <"$cmd"
  [ "$verb" = solve ] && [ "$game" != assignment ] || continue  # assignment has no contest
  case "$flags" in *--code*) continue ;; esac  # an option's error, not the input's
  # 64 codes' theories computed before the 65th is refused: 16 s, and golden.octal has it.
  [ "$(basename "$base")" = bad_too_many_codes ] && continue
  "$pp" validate "$game" - <"$base.in" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ "$rc" != 1 ] || ! cmp -s "$tmp/err" "$base.err"; then
    bad "validate $game $(basename "$base"): exit code $rc, stderr differs from solve's:"
    diff "$base.err" "$tmp/err" | head -5
    continue
  fi
  "$pp" check "$game" "$base.in" /dev/null >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ "$rc" != 3 ]; then
    bad "check $game $(basename "$base"): exit code $rc, want 3 (fail)"
    continue
  fi
  checked=$((checked + 1))
  pass=$((pass + 1))
done
[ "$checked" -ge 20 ] || { echo "FAIL only $checked bad inputs found in $golden"; fail=$((fail + 1)); }

echo "[$SECONDS s] ${0##*/}: validate"
# --- validate: the contest's limits, not ours --------------------------------
limit() {  # limit GAME INPUT PATTERN
  printf '%b' "$2" | "$pp" validate "$1" - >"$tmp/out" 2>"$tmp/err"
  local rc=$?
  if [ "$rc" = 1 ] && grep -qE "$3" "$tmp/err"; then
    pass=$((pass + 1))
  else
    bad "validate $1 on [$2]: exit code $rc, want 1 and /$3/"
  fi
}
limit gridgame '1\n9\n' "n = 9 breaks the contest's limit 1 <= n <= 8"
limit gridgame '1\n1\n1001\n' "<stdin>:3:1: M\(i, j\) = 1001 breaks"
limit gridgame '21\n' 't = 21 breaks'
limit bacteria '1\n16 1\n' "R = 16 breaks"
limit binim '1\n1 Dee\n000000000011111111110000000000111111111100000000001\n' '<stdin>:3:1: a stack of 51 symbols breaks'
limit binim2 '1\n51 Dum\n' 'N = 51 breaks'
limit asymmetry '1 2 1000000001\n0 0\n' 'K = 1000000001 breaks'
limit asymmetry '2001 2 1\n' 'N = 2001 breaks'
for ex in "$here"/../../examples/{gridgame,bacteria,binim,binim2,asymmetry}/*.in; do
  if "$pp" validate "$(basename "$(dirname "$ex")")" "$ex" >"$tmp/out" 2>"$tmp/err"; then
    pass=$((pass + 1))
  else
    bad "validate on the official sample $ex"
  fi
done

echo "judge: $pass passed, $fail failed ($SECONDS s)"
[ "$fail" = 0 ]
