#!/usr/bin/env bash
# certify's reports and checkpoints as an attacker or an accident edits them,
# and the files they may not be (issue 31, items 6 and 7; docs/certify.md,
# "What a report proves"; docs/reliability.md):
#   - each edit of the issue made to real reports, naively (the digest not
#     recomputed) and resealed (fingerprint and digest recomputed by
#     forge.py, as anyone can): certify-merge and a resumed run refuse what
#     no run could have written, and certify --recheck finds the rest;
#   - a checkpoint or report that is a directory, /dev/zero, a pipe, a
#     sparse 3 GB file or in a folder that does not exist: refused at once,
#     with exit 1, before any instance is checked, naming the file.
set -u
bin=$(realpath "$1")
here=$(cd "$(dirname "$0")" && pwd)
forge="$here/forge.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
passed=0
failed=0
pass() { passed=$((passed + 1)); }
fail() { echo "FAIL: $*"; failed=$((failed + 1)); }
# expect RC WORDS WHAT -- COMMAND...: exit RC and WORDS in its stderr+stdout.
expect() {
  local rc=$1 words=$2 what=$3
  shift 4
  timeout 20 "$@" >out.txt 2>&1
  local got=$?
  if [ "$got" != "$rc" ] || ! grep -qF -- "$words" out.txt; then
    fail "$what: exit $got (expected $rc), output: $(head -c 600 out.txt)"
  else
    pass
  fi
}

nim=(nim --rows 4 --max-length 7)
for i in 1 2 3; do "$bin" certify "${nim[@]}" --shard $i/3 -j 1 --json >s$i.json || fail "shard $i"; done
expect 0 "CERTIFIED: theory equals exhaustive search on all 329 instances" "genuine merge" -- \
  "$bin" certify-merge s1.json s2.json s3.json
"$forge" s1.json same.json  # resealed unchanged: the forger's hashes are the program's
expect 0 "CERTIFIED" "resealed without an edit" -- "$bin" certify-merge same.json s2.json s3.json

# The edits of issue 31, item 6, made naively: the digest no longer matches.
naive() {  # naive OUT KEY=VALUE...: s1.json with fields replaced, not resealed
  local out=$1
  shift
  python3 - "$out" "$@" <<'PY'
import json, sys
r = json.load(open("s1.json"))
for kv in sys.argv[2:]:
    k, v = kv.split("=", 1)
    r[k] = json.loads(v)
json.dump(r, open(sys.argv[1], "w"))
PY
}
naive n1.json skipped=128 checked=0 agreed=0
naive n2.json disagreed=1 agreed=127 ok=false
naive n3.json reference_nodes=5
naive n4.json seconds=99.5
naive n5.json agreed=7
for n in n1 n2 n3 n4; do
  expect 1 "certify-merge: $n.json: its digest does not match its contents" "naive edit $n" -- \
    "$bin" certify-merge $n.json s2.json s3.json
done
expect 1 "certify-merge: n5.json: it is not the document certify writes" "derived field edited" -- \
  "$bin" certify-merge n5.json s2.json s3.json

# The same edits resealed: the invariants refuse what no run could write.
"$forge" s1.json f1.json skipped=128 checked=0 agreed=0
expect 1 "f1.json: it skipped 128 instances as mirror images; nim with these options skips none" \
  "resealed: skipped all" -- "$bin" certify-merge f1.json s2.json s3.json
"$forge" s1.json f2.json disagreed=1 agreed=127 ok=false
expect 1 "f2.json: it lists 0 disagreements where its count of 1 calls for 1" \
  "resealed: a disagreement counted, none listed" -- "$bin" certify-merge f2.json s2.json s3.json
"$forge" s1.json f3.json checked=127 agreed=127 complete=false ok=false
expect 1 "f3.json: checked 127 + skipped 0 are not the 128 instances" "resealed: counts short" -- \
  "$bin" certify-merge f3.json s2.json s3.json
# Edited reference nodes hold every invariant: only a rerun tells.
"$forge" s1.json f4.json reference_nodes=5
expect 0 "CERTIFIED" "resealed: nodes (the merge cannot tell)" -- \
  "$bin" certify-merge f4.json s2.json s3.json
expect 1 "reference nodes: report 5, rerun" "--recheck of edited nodes" -- \
  "$bin" certify --recheck f4.json -j 1
expect 0 "recheck: s1.json reproduced" "--recheck of a genuine shard" -- \
  "$bin" certify --recheck s1.json -j 1
"$forge" s3.json f5.json disagreed=1 agreed=$(($(python3 -c "import json; print(json.load(open('s3.json'))['checked'])") - 1)) \
  ok=false 'disagreements=[{"index": 320, "instance": "5 6 7 7", "detail": "made up", "shrunk": null}]'
expect 1 "NOT REPRODUCED" "--recheck of a disagreement made up" -- \
  "$bin" certify --recheck f5.json -j 1
expect 2 "give no game" "--recheck with a game" -- "$bin" certify --recheck s1.json nim

# bacteria skips mirror images: exactly those of a shard's blocks, no more.
for i in 1 2; do "$bin" certify bacteria --cells 8 --shard $i/2 -j 1 --json >b$i.json; done
skipped=$(python3 -c "import json; print(json.load(open('b1.json'))['skipped'])")
checked=$(python3 -c "import json; print(json.load(open('b1.json'))['checked'])")
"$forge" b1.json bf.json skipped=$((skipped + 1)) checked=$((checked - 1)) agreed=$((checked - 1))
expect 1 "it skipped $((skipped + 1)) instances as mirror images; its blocks done hold $skipped" \
  "resealed: one more mirror image" -- "$bin" certify-merge bf.json b2.json
expect 0 "CERTIFIED" "bacteria's genuine shards" -- "$bin" certify-merge b1.json b2.json

# Checkpoints, edited: refused before a resumed run, never certified or
# resumed forever.
"$bin" certify "${nim[@]}" -j 1 --checkpoint ck >/dev/null || fail "checkpoint run"
"$forge" ck c1 skipped=329 checked=0 agreed=0
expect 1 "the checkpoint c1 cannot be resumed: it skipped 329 instances" "checkpoint skipped=329" -- \
  "$bin" certify "${nim[@]}" -j 1 --checkpoint c1
"$forge" ck c2 next_block=3 checked=100 agreed=100 complete=false ok=false
expect 1 "checked 100 + skipped 0 are not the 192 instances of the 3 blocks" \
  "checkpoint checked below next_block" -- "$bin" certify "${nim[@]}" -j 1 --checkpoint c2
cp ck c3 && sed -i 's/"skipped": 0/"skipped": 329/' c3
expect 1 "its digest does not match its contents" "checkpoint edited naively" -- \
  "$bin" certify "${nim[@]}" -j 1 --checkpoint c3

# Files (issue 31, item 7): refused at once, before any work, named. The
# space is one that takes minutes (bacteria's 16 cells): a refusal after
# the work would time out.
mkdir dir
truncate -s 3G sparse
mkfifo fifo
big=(bacteria --cells 16 -j 1)
expect 1 "the checkpoint /dev/zero is a character device" "--checkpoint /dev/zero" -- \
  "$bin" certify "${big[@]}" --checkpoint /dev/zero
expect 1 "the checkpoint dir is a directory" "--checkpoint DIR" -- \
  "$bin" certify "${big[@]}" --checkpoint dir
[ ! -e dir.tmp ] && pass || fail "--checkpoint DIR left dir.tmp"
expect 1 "cannot write the checkpoint none/ck.tmp: No such file or directory" \
  "--checkpoint in a missing folder" -- "$bin" certify "${big[@]}" --checkpoint none/ck
expect 1 "the checkpoint sparse is 3221225472 bytes" "--checkpoint of 3 GB" -- \
  "$bin" certify "${big[@]}" --checkpoint sparse
expect 1 "the checkpoint fifo is a pipe" "--checkpoint FIFO" -- \
  "$bin" certify "${big[@]}" --checkpoint fifo
expect 1 "certify-merge: the report /dev/zero is a character device" "certify-merge /dev/zero" -- \
  "$bin" certify-merge /dev/zero
# Bounded: a 3 GB sparse report is refused by its size, in little memory.
expect 1 "certify-merge: the report sparse is 3221225472 bytes" "certify-merge of 3 GB" -- \
  bash -c "ulimit -v 400000; exec \"$bin\" certify-merge sparse"
expect 1 "certify-merge: the report fifo is a pipe" "certify-merge FIFO" -- "$bin" certify-merge fifo

echo "certify refusals: $passed passed, $failed failed"
[ "$failed" = 0 ]
