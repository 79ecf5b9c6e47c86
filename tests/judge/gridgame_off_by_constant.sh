#!/bin/sh
# Right, except that every answer above 1000 comes out 7 too large: the
# shrink must bring numbers down by binary search to just past 1000.
"$PERFECTPLAY" solve gridgame - | awk '{ if ($1 > 1000) print $1 + 7; else print $1 }'
