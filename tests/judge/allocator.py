# Allocates without bound: under --memory-limit judge must report MLE.
import sys

sys.stdin.read()
hoard = []
while True:
    hoard.append(bytearray(16 << 20))
