#!/usr/bin/python3
"""Runs every `$ perfectplay ...` example in README.md and docs/ and compares
its output with what the page shows, so a doc cannot drift from the program.

An example is a line starting with `$ ` inside a fenced code block that runs
perfectplay (first word, or after a pipe); the lines after it, up to the next
`$ ` line or the end of the block, are its expected output (stdout and stderr
as a terminal shows them). A line holding only `...` (indented or not) stands
for any lines (none included), so a page may cut a long board or table short. Commands run with bash in the repository root, with
the binary's folder first on PATH. With --update the pages are rewritten with
the real output instead (read the diff before committing).

Usage: run_docs.py BINARY [--update] [FILE.md ...]
"""
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RUNS_PERFECTPLAY = re.compile(r"^(perfectplay\b|.*\|\s*perfectplay\b)")


def pages(args):
    if args:
        return args
    found = [os.path.join(ROOT, "README.md")]
    for base, _, files in os.walk(os.path.join(ROOT, "docs")):
        found += [os.path.join(base, f) for f in sorted(files) if f.endswith(".md")]
    return found


def run(command, bindir):
    env = dict(os.environ, PATH=bindir + os.pathsep + os.environ.get("PATH", ""),
               NO_COLOR="1", COLUMNS="100")
    p = subprocess.run(["bash", "-c", command], cwd=ROOT, env=env, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=120)
    return p.stdout.decode("utf-8", "replace")


def matches(expected, got):
    lines = expected.split("\n")
    if all(line.strip() != "..." for line in lines):
        return expected == got
    pattern = "\n".join("(?:.*\n)*?.*" if line.strip() == "..." else re.escape(line)
                        for line in lines)
    # `...` may also stand for no line at all: allow its own newline to vanish.
    pattern = pattern.replace("(?:.*\n)*?.*\n", "(?:(?:.*\n)*?.*\n)?")
    return re.fullmatch(pattern, got) is not None


def check_page(path, bindir, update):
    lines = open(path, encoding="utf-8").read().split("\n")
    out, failures, count = [], [], 0
    i, in_block = 0, False
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            in_block = not in_block
            out.append(line)
            i += 1
            continue
        if not (in_block and line.startswith("$ ") and RUNS_PERFECTPLAY.match(line[2:])):
            out.append(line)
            i += 1
            continue
        command = line[2:]
        j = i + 1
        while j < len(lines) and not lines[j].startswith("$ ") and not lines[j].startswith("```"):
            j += 1
        expected = "\n".join(lines[i + 1:j])
        got = run(command, bindir).rstrip("\n")
        count += 1
        out.append(line)
        if matches(expected.rstrip("\n"), got):
            out.extend(lines[i + 1:j])
        else:
            failures.append((command, expected, got))
            out.extend(got.split("\n") if got else [])
            # Keep the blank lines that separated this example from the next.
            blanks = len(lines[i + 1:j]) - len("\n".join(lines[i + 1:j]).rstrip("\n").split("\n"))
            out.extend([""] * max(blanks, 0))
        i = j
    if update:
        with open(path, "w", encoding="utf-8") as f:
            f.write("\n".join(out))
    return count, failures


def main():
    args = sys.argv[1:]
    if not args:
        print(__doc__)
        return 2
    binary = os.path.abspath(args.pop(0))
    update = "--update" in args
    args = [a for a in args if a != "--update"]
    bindir = os.path.join(os.path.dirname(binary), ".docs-bin")
    os.makedirs(bindir, exist_ok=True)
    link = os.path.join(bindir, "perfectplay")
    if os.path.lexists(link):
        os.remove(link)
    os.symlink(binary, link)
    total, failed = 0, 0
    for page in pages(args):
        count, failures = check_page(page, bindir, update)
        total += count
        for command, expected, got in failures:
            failed += 1
            rel = os.path.relpath(page, ROOT)
            print(f"--- {rel}: $ {command}\n--- expected:\n{expected}\n--- got:\n{got}\n")
    print(f"{total - failed} passed, {failed} failed")
    return 1 if failed and not update else 0


if __name__ == "__main__":
    sys.exit(main())
