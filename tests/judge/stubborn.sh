#!/bin/sh
# Ignores SIGINT, SIGTERM and SIGHUP, starts a detached helper that ignores
# them too, and never answers: judge, stopped by a signal, must still kill
# both (and exit 130 or 143).
trap '' INT TERM HUP
setsid sh -c 'trap "" INT TERM HUP; sleep "$1"' sh "${JUDGE_MARK:-1000}" &
sleep "${JUDGE_MARK:-1000}"
