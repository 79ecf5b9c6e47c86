#!/bin/sh
# Dies of a segmentation fault after reading its input: judge must report RE.
cat >/dev/null
kill -SEGV $$
