#!/bin/sh
# Spins on the CPU: judge --time-limit-cpu must stop it (TLE on CPU time).
cat >/dev/null
while :; do :; done
