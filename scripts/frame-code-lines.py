#!/usr/bin/env python3
"""The code a frame runs, as the cache holds it: the distinct 64-byte lines (and 4 KiB pages) of
code executed in a callgrind dump taken with `--dump-instr=yes`, in all and by function.

A running stopwatch's frame is cold: between two frames the terminal, tmux and the rest of the
machine run, so each frame brings its code back into the caches, and what it costs follows the
lines it touches more than the instructions it runs (callgrind's simulated cache stays warm from
one frame to the next and cannot show it). Take the dumps with

    FRAME_CALLGRIND_OPTIONS=--dump-instr=yes FRAME_DUMPS=DIR scripts/measure-frame-instructions.sh BINARY 4

then `scripts/frame-code-lines.py DIR/tide.callgrind [N]` (and `DIR/swift-floor.callgrind` for the
floor's): the lines and pages in all, by object, by kind of code (our modules, the standard
library, the Swift runtime, C), and the N functions with the most lines (default 30). A line run
once in the window counts as a line run every frame: a path taken every few frames counts too.
"""
import collections, re, sys


def parse(path):
    function, program, address = None, None, 0
    by_function = collections.defaultdict(set)
    by_object = collections.defaultdict(set)
    for raw in open(path, errors="replace"):
        line = raw.rstrip("\n")
        if line.startswith("fn="):
            function = line[3:]
        elif line.startswith("ob="):
            program = line[3:]
        elif line[:1] in "0123456789+-*" or line.startswith("0x"):
            match = re.match(r"^(0x[0-9a-fA-F]+|[+-]\d+|\*)\s", line)
            if not match:
                continue
            position = match.group(1)
            if position.startswith("0x"):
                address = int(position, 16)
            elif position != "*":
                address += int(position)
            by_function[function].add(address >> 6)
            by_object[program].add(address >> 6)
    return by_function, by_object


def kind(function):
    name = function or ""
    for prefix, label in (("$s4Tide", "Tide"), ("$s12TideTerminal", "TideTerminal"), ("$s8TideDemo", "TideDemo")):
        if name.startswith(prefix):
            return label
    if name.startswith(("$ss", "$sS")):
        return "standard library"
    if name.startswith(("swift", "_swift", "__swift", "std::")) or "swift::" in name or "getCache" in name:
        return "Swift runtime"
    if name.startswith("$s"):
        return "other Swift"
    return "C (ncurses, libc, the shim)"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    by_function, by_object = parse(sys.argv[1])
    count = int(sys.argv[2]) if len(sys.argv) > 2 else 30
    lines = set().union(*by_function.values()) if by_function else set()
    print(f"{sys.argv[1]}: {len(lines)} lines of code ({len(lines) * 64 / 1024:.1f} KiB) on {len({l >> 6 for l in lines})} pages")
    for program, found in sorted(by_object.items(), key=lambda item: -len(item[1])):
        print(f"  {len(found):6d}  {program}")
    kinds = collections.defaultdict(set)
    for function, found in by_function.items():
        kinds[kind(function)] |= found
    for label, found in sorted(kinds.items(), key=lambda item: -len(item[1])):
        print(f"  {len(found):6d}  {label}")
    for function, found in sorted(by_function.items(), key=lambda item: -len(item[1]))[:count]:
        print(f"  {len(found):6d}  {function}")


main()
