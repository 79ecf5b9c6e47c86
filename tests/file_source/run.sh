#!/usr/bin/env bash
# solve nim, binim and asymmetry from a regular file, read piece by piece (cli/common.h's FileSource),
# against the same input on standard input (mapped whole): the same output,
# the same exit code, and the same error at the same line and column (with
# the file's name for <stdin>). Inputs: generated ones of many sizes (lines
# longer than the reader's buffers, many small cases, which are read twice),
# CRLF, no final newline, empty, and copies with a byte changed, dropped or
# added at a random place.
#   tests/file_source/run.sh build/release/perfectplay
set -euo pipefail
bin=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

n=0
failed=0
check() {  # check GAME FILE [solve options...]
  local game=$1 file=$2
  shift 2
  local rc_file=0 rc_stdin=0
  "$bin" solve "$game" "$file" "$@" >out.file 2>err.file || rc_file=$?
  "$bin" solve "$game" - "$@" <"$file" >out.stdin 2>err.raw || rc_stdin=$?
  sed "s|<stdin>|$file|" err.raw >err.stdin
  n=$((n + 1))
  if [[ $rc_file != "$rc_stdin" ]] || ! cmp -s out.file out.stdin || ! cmp -s err.file err.stdin; then
    failed=$((failed + 1))
    echo "DIFFERS: $game $file $* (exit $rc_file from the file, $rc_stdin from stdin)"
    diff err.file err.stdin | head -5 || true
    cmp out.file out.stdin | head -2 || true
  fi
}

"$bin" generate nim --cases 3 --rows 60000 --max-length 1000000000000000000 --exact --seed 1 >long.txt
"$bin" generate nim --cases 40 --rows 3000 --max-length 1000000 --seed 2 >mid.txt
"$bin" generate nim --cases 100000 --rows 1 --max-length 9 --seed 3 >many.txt
"$bin" generate nim --cases 5 --rows 7 --seed 4 >small.txt
# Past 8 MB a file is read in two parts at once (nim_io.h, answers_in_two_parts).
"$bin" generate nim --cases 300 --rows 6000 --max-length 1000000000000 --seed 11 >big.txt
sed 's/$/\r/' mid.txt >crlf.txt
head -c -1 mid.txt >no_newline.txt
: >empty.txt
printf '\n\n\n' >blank.txt
# binim: stacks of up to 700,000 characters (lines past the buffers) and many short ones.
"$bin" generate binim --cases 3 --stacks 3 --max-length 700000 --exact --seed 5 >binim_long.txt
"$bin" generate binim --cases 2000 --stacks 20 --max-length 40 --seed 6 >binim_mid.txt
# asymmetry: the stored shape (solved as the pieces come, rows longer than
# the buffers), short values (the streamed shape) and one long row (blocks),
# both read again whole.
"$bin" generate asymmetry --rows 300 --cols 2000 --k 1000000000 --seed 7 >asy_stored.txt
"$bin" generate asymmetry --rows 40 --cols 30000 --k 1000000000 --seed 8 >asy_long.txt
"$bin" generate asymmetry --rows 300 --cols 100 --k 9 --seed 9 >asy_short.txt
"$bin" generate asymmetry --rows 1 --cols 20000 --k 9 --seed 10 >asy_blocks.txt
sed 's/$/\r/' asy_stored.txt >asy_crlf.txt
for f in asy_stored.txt asy_long.txt asy_short.txt asy_blocks.txt asy_crlf.txt empty.txt; do
  check asymmetry "$f"
done
for f in long.txt mid.txt many.txt small.txt big.txt crlf.txt no_newline.txt empty.txt blank.txt; do
  check nim "$f"
done
check nim mid.txt --misere
check nim many.txt --misere
check binim binim_long.txt
check binim binim_mid.txt
check binim2 binim_mid.txt

# Lines of 30 MB, with short cases between them: the same answers, and the
# file read in no more memory than the mapped one (a buffer grows for a long
# line without a copy beside it, and shrinks back after it): 58 MB against
# 85 MB; it once took 104 MB, and a 300 MB line twice the mapped memory.
{
  printf '4\n1 Dee\n'; head -c 30000000 /dev/zero | tr '\0' '0'
  printf '\n2 Dum\n01\n10\n2 Dee\n1\n'; head -c 20000000 /dev/zero | tr '\0' '1'
  printf '\n1 Dum\n'; head -c 30000000 /dev/zero | tr '\0' '1'; printf '\n'
} >binim_lines.txt
check binim binim_lines.txt
rss() { /usr/bin/time -f '%M' -o rss.txt "$@" >/dev/null && tail -1 rss.txt; }
rss_file=$(rss "$bin" solve binim binim_lines.txt)
rss_stdin=$(rss bash -c "exec '$bin' solve binim - <binim_lines.txt")
n=$((n + 1))
if ((rss_file > rss_stdin + 8192)); then
  failed=$((failed + 1))
  echo "MEMORY: solve binim with 30 MB lines: ${rss_file} KB from the file, ${rss_stdin} KB mapped"
fi

# A byte changed, dropped or added at random places of each size.
/usr/bin/python3 - <<'PY'
import random
rng = random.Random(1804)
k = 0
for name in ["long.txt", "mid.txt", "many.txt", "crlf.txt", "big.txt", "binim_long.txt", "binim_mid.txt",
             "asy_stored.txt", "asy_short.txt"]:
    data = open(name, "rb").read()
    for _ in range(3):
        at = rng.randrange(len(data))
        b = rng.choice([b"x", b" ", b"\n", b"-", b"0", b"1", b"\r", b"\t", b"99999999999999999999"])
        kind = rng.randrange(3)
        bad = data[:at] + (b if kind != 1 else b"") + data[at + (1 if kind != 2 else 0):]
        open(f"bad{k}.txt", "wb").write(bad)
        k += 1
PY
for k in $(seq 0 14); do check nim "bad$k.txt"; done
for k in $(seq 15 20); do check binim "bad$k.txt"; done
for k in $(seq 21 26); do check asymmetry "bad$k.txt"; done

echo "file source: $n runs, $failed differ"
[[ $failed == 0 ]]
