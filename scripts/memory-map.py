#!/usr/bin/env python3
"""Where a running process's resident memory is: /proc/PID/smaps summed by what each mapping
holds (the binary's code, its read-only data, its writable data, the heap, each thread's stack,
malloc's per-thread arenas, shared libraries), largest first, with the thread count.

Usage: scripts/memory-map.py PID   (scripts/measure-app.sh --memory runs it on the idle and the
running app)."""
import os, re, sys


def mappings(pid):
    current = None
    for line in open(f"/proc/{pid}/smaps"):
        head = re.match(r"^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$", line)
        if head:
            if current:
                yield current
            start, end, perms, path = head.groups()
            current = dict(start=int(start, 16), end=int(end, 16), perms=perms, path=path, rss=0)
        elif line.startswith("Rss:"):
            current["rss"] = int(line.split()[1])
    if current:
        yield current


def stack_ranges(pid):
    """Each thread's stack pointer, to name the anonymous mapping that holds it."""
    ranges = []
    for tid in os.listdir(f"/proc/{pid}/task"):
        try:
            fields = open(f"/proc/{pid}/task/{tid}/stat").read().rsplit(")", 1)[1].split()
            name = open(f"/proc/{pid}/task/{tid}/comm").read().strip()
        except OSError:
            continue
        # Field 29 (kstkesp) is 0 unless the kernel exposes it; fall back to the syscall file.
        sp = 0
        try:
            parts = open(f"/proc/{pid}/task/{tid}/syscall").read().split()
            if len(parts) >= 2:
                sp = int(parts[-2], 16)
        except (OSError, ValueError):
            pass
        ranges.append((sp, name))
    return ranges


def classify(m, binary, stacks):
    path = m["path"]
    if path == "[heap]":
        return "heap (main arena)"
    if path.startswith("[stack"):
        return "main thread stack"
    if path.startswith("["):
        return path
    if path:
        name = os.path.basename(path)
        if os.path.realpath(path) == binary:
            kind = "code" if "x" in m["perms"] else ("data" if "w" in m["perms"] else "read-only data")
            return f"{name}: {kind}"
        return name
    for sp, thread in stacks:
        if m["start"] <= sp < m["end"]:
            return f"thread stack ({thread})"
    size = m["end"] - m["start"]
    if m["perms"].startswith("rw") and size >= 60 * 1024 * 1024:
        return "malloc arena (other threads)"
    return "anonymous"


def main():
    pid = int(sys.argv[1])
    binary = os.path.realpath(f"/proc/{pid}/exe")
    stacks = stack_ranges(pid)
    totals = {}
    for m in mappings(pid):
        if m["rss"] == 0:
            continue
        key = classify(m, binary, stacks)
        totals[key] = totals.get(key, 0) + m["rss"]
    rss = sum(totals.values())
    threads = sorted(name for _, name in stacks)
    print(f"resident {rss / 1024:.2f} MiB in {len(threads)} threads ({', '.join(threads)})")
    for key, kib in sorted(totals.items(), key=lambda item: -item[1]):
        print(f"  {kib / 1024:6.2f} MiB  {key}")


if __name__ == "__main__":
    main()
