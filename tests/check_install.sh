#!/usr/bin/env bash
# Installs the build into a scratch prefix and uses what it installed: the
# binary runs, the man page renders and names the commands, and bash
# completion offers commands, games and options. Usage: check_install.sh BUILD_DIR
set -euo pipefail
build=$1
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT
# The cli component only: the python component (under the prefix too) is
# checked by ctest's python.pip (tests/python/pip_install_check.py).
cmake --install "$build" --prefix "$prefix" --component cli >/dev/null
fail() { echo "FAIL: $*" >&2; exit 1; }

"$prefix/bin/perfectplay" list | grep -q '^nim ' || fail "installed binary does not list nim"
# serve hands over to perfectplay-serve beside the binary: the installed one
# runs (it names the address it cannot bind, TEST-NET-1, not this machine's).
serve_err=$("$prefix/bin/perfectplay" serve --host 192.0.2.1 --port 8080 2>&1 || true)
grep -q 'cannot listen on http://192.0.2.1:8080/' <<<"$serve_err" ||
  fail "installed serve did not run perfectplay-serve: $serve_err"
man_page=$prefix/share/man/man1/perfectplay.1
[ -f "$man_page" ] || fail "no man page at $man_page"
grep -q 'analyze' "$man_page" || fail "man page does not name the commands"
if command -v groff >/dev/null; then
  groff -man -Tutf8 "$man_page" 2>/dev/null | grep -q 'perfectplay' || fail "man page does not render"
fi

completion=$prefix/share/bash-completion/completions/perfectplay
[ -f "$completion" ] || fail "no bash completion at $completion"
complete_words() {  # complete_words WORD...: what <TAB> offers after the words
  bash -c '
    source "$1"; shift
    COMP_WORDS=("$@"); COMP_CWORD=$(( $# - 1 ))
    _perfectplay
    printf "%s\n" "${COMPREPLY[@]}"' _ "$completion" "$prefix/bin/perfectplay" "$@"
}
# (captured first: grep -q closing the pipe early would fail it under pipefail)
offers() { local out; out=$(complete_words "${@:2}"); grep -qx -- "$1" <<<"$out"; }
offers analyze an || fail "completion: 'an' does not offer analyze"
offers nim analyze n || fail "completion: 'analyze n' does not offer nim"
offers --misere play nim --m || fail "completion: 'play nim --m' misses --misere"
offers --code verify octal --co || fail "completion: 'verify octal --co' misses --code"
echo "install: binary, serve, man page and completion work from $prefix"
