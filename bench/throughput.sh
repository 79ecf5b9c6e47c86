#!/usr/bin/env bash
# Whole-process throughput of `perfectplay solve GAME` on one input file, next
# to `cat FILE > /dev/null` on the same file, measured in the same run by
# hyperfine (warm page cache, alternating is not needed: each command is
# repeated and the median is reported).
#   bench/throughput.sh GAME FILE [extra solve flags...]
set -euo pipefail
cd "$(dirname "$0")/.."
game=$1
file=$2
shift 2
bin=build/release/perfectplay
command -v hyperfine >/dev/null || { echo "hyperfine is needed: apt-get install hyperfine" >&2; exit 2; }
json=$(mktemp)
trap 'rm -f "$json"' EXIT
hyperfine -N --warmup 2 --runs "${RUNS:-10}" --export-json "$json" \
  "cat $file" "$bin solve $game $* $file" >/dev/null 2>&1 || \
hyperfine --warmup 2 --runs "${RUNS:-10}" --export-json "$json" \
  "cat $file > /dev/null" "$bin solve $game $* $file > /dev/null" >/dev/null
python3 - "$json" "$file" "$game" <<'PY'
import json, os, sys
data = json.load(open(sys.argv[1]))["results"]
size = os.path.getsize(sys.argv[2]) / 1e6
cat, ours = data[0]["median"], data[1]["median"]
print(f"{sys.argv[3]}: {size:.1f} MB  cat {cat*1000:.1f} ms ({size/cat:.0f} MB/s)  "
      f"solve {ours*1000:.1f} ms ({size/ours:.0f} MB/s)  solve/cat time ratio {ours/cat:.1f}")
PY
