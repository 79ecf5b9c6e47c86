#!/bin/sh
# Writes 5000 bytes to stderr, then the line that matters, and fails: judge's
# stderr block must show the end.
cat >/dev/null
i=0
while [ $i -lt 100 ]; do
  echo "noise line $i: ........................................" >&2
  i=$((i + 1))
done
echo "sol.cpp:42: main: Assertion \`n < 8' failed." >&2
exit 1
