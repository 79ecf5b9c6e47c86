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
