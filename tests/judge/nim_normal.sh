#!/bin/sh
# Deliberately wrong misère nim: answers as normal play would (the exact
# solver without --misere). Needs PERFECTPLAY (the binary) in the environment.
exec "$PERFECTPLAY" solve nim -
