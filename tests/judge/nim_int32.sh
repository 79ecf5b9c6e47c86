#!/bin/sh
# Reads rows as a C int does with cin (a value past 2^31 - 1 becomes
# 2^31 - 1), otherwise right: the smallest failing row is 2^31.
awk '{ for (i = 1; i <= NF; i++) if (length($i) > 10 || (length($i) == 10 && $i "" > "2147483647")) $i = "2147483647"; print }' |
  "$PERFECTPLAY" solve nim -
