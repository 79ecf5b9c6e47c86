#!/usr/bin/env bash
# The cluster recipes of docs/certify.md, end to end on a small space:
#   - GNU parallel, locally with -j2, and in its --sshlogin form with this
#     machine as the host (-S 2/:), its reports collected by --results;
#   - the Slurm array script, run as Slurm runs it: once per task with
#     SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_MAX set;
# and certify-merge on each: the merged certificate must be the unsharded
# run's (fingerprint, counts), and a missing shard must be refused.
# Exit 77 (skipped) when GNU parallel is not installed (scripts/setup.sh
# installs it).
set -u
bin=$(realpath "$1")
root=$(cd "$(dirname "$0")/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export PATH="$(dirname "$bin"):$PATH"
fail=0
field() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1" "$2"; }
same_as_whole() {  # same_as_whole WHAT MERGED.json
  for key in fingerprint checked skipped reference_nodes ok; do
    if [ "$(field "$2" $key)" != "$(field "$tmp/whole.json" $key)" ]; then
      echo "FAIL $1: $key $(field "$2" $key), unsharded $(field "$tmp/whole.json" $key)"
      fail=1
    fi
  done
}
game=(bacteria --cells 7)
perfectplay certify "${game[@]}" -j 2 --json >"$tmp/whole.json" || { echo "FAIL: certify"; exit 1; }

command -v parallel >/dev/null || { echo "certify recipes: GNU parallel is not installed"; exit 77; }
# The recipe, as docs/certify.md gives it.
(cd "$tmp" && parallel -j2 --results shards/ \
  perfectplay certify "${game[@]}" --shard {}/5 --json ::: $(seq 1 5)) || { echo "FAIL: parallel"; fail=1; }
perfectplay certify-merge "$tmp"/shards/1/*/stdout --json >"$tmp/parallel.json" ||
  { echo "FAIL: certify-merge of parallel's shards"; fail=1; }
same_as_whole "parallel" "$tmp/parallel.json"
# The many-hosts form, with this machine as the only host (':'): the binary
# copied to each host by --basefile, run there as ./perfectplay.
mkdir -p "$tmp/hosts" && cp "$bin" "$tmp/hosts/perfectplay"
(cd "$tmp/hosts" && parallel -S 2/: --basefile perfectplay --results shards/ \
  ./perfectplay certify "${game[@]}" --shard {}/4 -j 1 --checkpoint shard-{}.ckpt --json \
  ::: $(seq 1 4)) 2>/dev/null || { echo "FAIL: parallel -S"; fail=1; }
perfectplay certify-merge "$tmp"/hosts/shards/1/*/stdout --json >"$tmp/hosts.json" ||
  { echo "FAIL: certify-merge of parallel -S's shards"; fail=1; }
same_as_whole "parallel -S" "$tmp/hosts.json"

mkdir -p "$tmp/slurm"
for i in 1 2 3; do
  (cd "$tmp/slurm" && SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_MAX=3 SLURM_CPUS_PER_TASK=2 \
    bash "$root/scripts/certify.sbatch" "${game[@]}") || { echo "FAIL: slurm task $i"; fail=1; }
done
perfectplay certify-merge "$tmp"/slurm/shards/*.json --json >"$tmp/slurm.json" ||
  { echo "FAIL: certify-merge of slurm's shards"; fail=1; }
same_as_whole "slurm" "$tmp/slurm.json"
# A task run again resumes from its checkpoint: the same report.
(cd "$tmp/slurm" && SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_MAX=3 \
  bash "$root/scripts/certify.sbatch" "${game[@]}") || { echo "FAIL: slurm task 2 again"; fail=1; }
[ "$(field "$tmp/slurm/shards/2.json" checked)" != 0 ] || { echo "FAIL: resumed task"; fail=1; }

perfectplay certify-merge "$tmp"/slurm/shards/1.json "$tmp"/slurm/shards/3.json >/dev/null 2>"$tmp/err"
rc=$?
if [ "$rc" != 1 ] || ! grep -q "shard 2 of 1..3 missing" "$tmp/err"; then
  echo "FAIL: a missing shard: exit $rc, $(cat "$tmp/err")"
  fail=1
fi
[ "$fail" = 0 ] && echo "certify recipes: 1 passed, 0 failed" || echo "certify recipes: 0 passed, 1 failed"
exit "$fail"
