#!/usr/bin/env bash
# The own-game examples (examples/own-game/, docs/own-game.md), each a program
# built with perfectplay_add_game_executable: every command answers as
# perfectplay's do, with its JSON and exit codes.
# Usage: run.sh DIR (the folder of the built tictactoe, connect4, subtraction)
set -uo pipefail
dir=$1
data=$(cd "$(dirname "$0")" && pwd)/data
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
passed=0
failed=0
check() {  # check NAME COMMAND...: the command succeeds
  if "${@:2}" >"$scratch/out" 2>"$scratch/err"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAIL: $1"
    sed 's/^/  /' "$scratch/out" "$scratch/err" | head -20
  fi
}
rc_is() {  # rc_is CODE COMMAND...: the command exits with CODE
  local want=$1
  shift
  "$@" >/dev/null 2>&1
  [ $? -eq "$want" ]
}
ttt=$dir/tictactoe
c4=$dir/connect4
sub=$dir/subtraction

# Tic-tac-toe: the empty board is a draw, and so is every first move. In
# XX.OO.... X wins at once at 3 (win in 1), and 7, 8 or 9 let O complete its
# row (loss in 2): the analysis gives every move's value with its remoteness.
check "tictactoe: the start is a draw" bash -c "'$ttt' analyze tictactoe --position ......... --json |
  python3 -c 'import json,sys; a=json.load(sys.stdin); assert a[\"value\"][\"kind\"]==\"draw\", a[\"value\"];
assert len(a[\"moves\"])==9 and all(m[\"value\"][\"kind\"]==\"draw\" for m in a[\"moves\"]), a[\"moves\"]'"
check "tictactoe: a win in 1 and the remoteness of every move" bash -c "'$ttt' analyze tictactoe --position XX.OO.... --json |
  python3 -c '
import json,sys
a=json.load(sys.stdin)
v={m[\"move\"]:(m[\"value\"][\"kind\"],m[\"value\"].get(\"remoteness\")) for m in a[\"moves\"]}
assert a[\"value\"]==dict(kind=\"win\",remoteness=1,source=\"reference\"), a[\"value\"]
assert v[\"3\"]==(\"win\",1), v
assert all(v[m]==(\"loss\",2) for m in \"789\"), v
assert a[\"best_move\"]==\"3\", a'"
check "tictactoe: hint" bash -c "'$ttt' hint tictactoe --position XX.OO.... | grep -q '^3'"
check "tictactoe: play the engine against itself" bash -c "'$ttt' play tictactoe --as none </dev/null | grep -q 'draw'"
check "tictactoe: bench" bash -c "'$ttt' bench | grep -q '^tictactoe '"
check "tictactoe: list --json" bash -c "'$ttt' list --json | python3 -c 'import json,sys; g=json.load(sys.stdin)[\"games\"]; assert [x[\"name\"] for x in g]==[\"tictactoe\"], g'"
check "tictactoe: a bad position is exit 1" rc_is 1 "$ttt" analyze tictactoe --position XXQ
check "tictactoe: a bad position's column" bash -c "'$ttt' analyze tictactoe --position XXQ 2>&1 | grep -q ':1:3:'"
check "tictactoe: no verify without a theory (usage, exit 2)" rc_is 2 "$ttt" verify tictactoe
check "tictactoe: an unknown game is exit 2" rc_is 2 "$ttt" analyze nim --position 1

# serve: the board in this process, over the program's own registry.
"$ttt" serve --port 0 >"$scratch/serve.out" 2>&1 &
serve_pid=$!
for _ in $(seq 50); do grep -q 'serving the board on' "$scratch/serve.out" && break; sleep 0.1; done
url=$(grep -o 'http://[^ ]*/' "$scratch/serve.out" | head -1)
check "tictactoe: serve offers its game and answers hint" python3 -c "
import json, urllib.request
games = json.load(urllib.request.urlopen('${url}api/games'))['games']
assert [g['name'] for g in games] == ['tictactoe'], games
req = urllib.request.Request('${url}api/hint', data=json.dumps({'game': 'tictactoe', 'position': 'XX.OO....'}).encode(), headers={'Content-Type': 'application/json'})
h = json.load(urllib.request.urlopen(req))
assert h['move'] == '3' and h['value'] == dict(kind='win', remoteness=1, source='reference'), h"
kill "$serve_pid" 2>/dev/null
wait "$serve_pid" 2>/dev/null

# Connect Four against a sample of each of Pons' test sets (every 20th line):
# the score analyze --batch prints is his, on every line.
for set in Test_L3_R1 Test_L2_R1; do
  cut -d' ' -f1 "$data/$set.sample" >"$scratch/$set.positions"
  check "connect4: $set sample scores" bash -c "'$c4' analyze connect4 --batch '$scratch/$set.positions' |
    paste -d' ' '$scratch/$set.positions' - | diff - '$data/$set.sample'"
done
l1=$(head -1 "$data/Test_L3_R1.sample" | cut -d' ' -f1)
check "connect4: JSON lines" bash -c "printf '$l1\n$l1\n' >'$scratch/two' && '$c4' analyze connect4 --batch '$scratch/two' --json |
  python3 -c 'import json,sys; l=[json.loads(x) for x in sys.stdin]; assert len(l)==2 and all(x[\"kind\"]==\"score\" for x in l), l'"
check "connect4: a bad line names its line" bash -c "printf '$l1\n48\n' >'$scratch/bad' && ! '$c4' analyze connect4 --batch '$scratch/bad' 2>'$scratch/e' && grep -q ':2:2:' '$scratch/e'"
pos_of() { python3 -c 'import json,sys; print(json.load(sys.stdin)["position"])'; }
board=$("$c4" analyze connect4 --position "$l1" --json | pos_of)
check "connect4: the board format round-trips" bash -c "[ \"\$('$c4' analyze connect4 --position '$board' --json | python3 -c 'import json,sys; print(json.load(sys.stdin)[\"position\"])')\" = '$board' ]"

# Subtraction (impartial, components, theory, enumerator): verify and
# certify compare the theory with the exhaustive reference.
check "subtraction: verify" bash -c "'$sub' verify subtraction --trials 300 | grep -q '300 agreed, 0 disagreed'"
check "subtraction: certify" bash -c "'$sub' certify subtraction --size 6 --json | python3 -c 'import json,sys; r=json.load(sys.stdin); assert r[\"ok\"] and r[\"disagreed\"]==0 and r[\"checked\"]==399, r'"
check "subtraction: a heap past the reference's reach is the theory's" bash -c "'$sub' analyze subtraction --position '1000000 3' --json | python3 -c 'import json,sys; a=json.load(sys.stdin); assert a[\"value\"]==dict(kind=\"nimber\",nimber=3,source=\"theory\"), a[\"value\"]'"

echo "own-game: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
