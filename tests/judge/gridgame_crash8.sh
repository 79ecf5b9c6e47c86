#!/bin/sh
# Right, except that it dies of SIGSEGV on any 8 x 8 matrix (an array one
# too short): the shrink keeps one 8 x 8 case and zeroes its 64 entries.
input=$(cat)
if printf '%s\n' "$input" | awk 'NR == 1 { next } rows == 0 { if ($1 == 8) found = 1; rows = $1; next } { rows-- } END { exit !found }'; then
  kill -SEGV $$
fi
printf '%s\n' "$input" | "$PERFECTPLAY" solve gridgame -
