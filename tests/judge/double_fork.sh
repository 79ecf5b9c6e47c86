#!/bin/sh
# Answers right, and leaves a grandchild whose parent has exited (a double
# fork, re-parented away from the program): judge must kill it.
( (sleep "${JUDGE_MARK:-1000}" &) & )
exec "$PERFECTPLAY" solve nim -
