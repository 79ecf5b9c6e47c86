#!/bin/sh
# Answers right, and leaves a sleeper detached in a session of its own
# (setsid): judge must kill it after the run (it is not in the program's
# process group). JUDGE_MARK names the sleep so the test can look for it.
setsid sleep "${JUDGE_MARK:-1000}" &
exec "$PERFECTPLAY" solve nim -
