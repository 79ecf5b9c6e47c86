# Deliberately wrong binim2 (CodeChef BINIM2): the roles of Dee and Dum
# swapped, as one published editorial has them (Dee taking from stacks with
# 1 on top). Swapping every stack's symbols and asking the exact solver is
# the same mistake. Needs PERFECTPLAY (the binary) in the environment.
import os
import subprocess
import sys

lines = sys.stdin.read().split("\n")
out = []
pos = 0
t = int(lines[pos]); pos += 1
out.append(str(t))
for _ in range(t):
    n, first = lines[pos].split(); pos += 1
    out.append(f"{n} {first}")
    for _ in range(int(n)):
        out.append(lines[pos].strip().translate(str.maketrans("01", "10"))); pos += 1
res = subprocess.run([os.environ["PERFECTPLAY"], "solve", "binim2", "-"],
                     input="\n".join(out) + "\n", capture_output=True, text=True, check=True)
sys.stdout.write(res.stdout)
