#!/bin/sh
# Right answers with Windows line endings: judge must report PE.
# Usage: crlf.sh GAME; needs PERFECTPLAY (the binary) in the environment.
"$PERFECTPLAY" solve "$1" - | sed 's/$/\r/'
