#!/usr/bin/env bash
# Golden CLI files. For every CASE.cmd in DIR: runs `perfectplay $(cat CASE.cmd)`
# in DIR with CASE.in (or nothing) on stdin, and compares stdout, stderr and the
# exit code with CASE.out, CASE.err (absent: must be empty) and CASE.rc (absent:
# 0). With UPDATE=1 it rewrites the expected files instead.
set -u
bin=$(realpath "$1")
dir=$2
fail=0
count=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$dir" || exit 2
for cmd in *.cmd; do
  [ -e "$cmd" ] || continue
  name=${cmd%.cmd}
  count=$((count + 1))
  input=/dev/null
  [ -f "$name.in" ] && input="$name.in"
  eval "\"$bin\" $(cat "$cmd")" <"$input" >"$tmp/out" 2>"$tmp/err"
  rc=$?
  if [ "${UPDATE:-0}" = 1 ]; then
    cp "$tmp/out" "$name.out"
    if [ -s "$tmp/err" ]; then cp "$tmp/err" "$name.err"; else rm -f "$name.err"; fi
    if [ "$rc" != 0 ]; then echo "$rc" >"$name.rc"; else rm -f "$name.rc"; fi
    continue
  fi
  want_rc=0
  [ -f "$name.rc" ] && want_rc=$(cat "$name.rc")
  want_err=/dev/null
  [ -f "$name.err" ] && want_err="$name.err"
  ok=1
  if ! cmp -s "$tmp/out" "$name.out"; then
    echo "FAIL $dir/$name: stdout differs"; diff "$name.out" "$tmp/out" | head -20; ok=0
  fi
  if ! cmp -s "$tmp/err" "$want_err"; then
    echo "FAIL $dir/$name: stderr differs"; diff "$want_err" "$tmp/err" | head -20; ok=0
  fi
  if [ "$rc" != "$want_rc" ]; then
    echo "FAIL $dir/$name: exit code $rc, expected $want_rc"; ok=0
  fi
  [ $ok = 1 ] || fail=$((fail + 1))
done
echo "golden $(basename "$dir"): $count cases, $fail failed"
[ "$count" -gt 0 ] && [ "$fail" = 0 ]
