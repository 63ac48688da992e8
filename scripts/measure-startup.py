#!/usr/bin/env python3
"""Start-up cost of commands: median wall time and peak RSS over interleaved runs.

  scripts/measure-startup.py [--runs N] -- 'LABEL=COMMAND ARGS' ...

Each command runs N times (default 31), the commands taking turns so that a busy machine
slows them alike. Peak RSS is the child's ru_maxrss from wait4. Prints one line per command:
  LABEL: median 4.1 ms (min 3.2, max 9.8), peak RSS median 14.1 MiB (max 14.3) over 31 runs
"""
import os, shlex, statistics, sys, time

def run_once(argv):
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, 1)
        os.dup2(devnull, 2)
        try:
            os.execvp(argv[0], argv)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"measure-startup: {shlex.join(argv)} exited with {os.waitstatus_to_exitcode(status)}")
    return elapsed * 1000, usage.ru_maxrss / 1024

def main():
    args = sys.argv[1:]
    runs = 31
    if args[:1] == ["--runs"]:
        runs, args = int(args[1]), args[2:]
    if args[:1] == ["--"]:
        args = args[1:]
    commands = []
    for spec in args:
        label, _, command = spec.partition("=")
        commands.append((label, shlex.split(command)))
    if not commands:
        sys.exit(__doc__)
    results = {label: ([], []) for label, _ in commands}
    for _ in range(runs):
        for label, argv in commands:
            ms, mib = run_once(argv)
            results[label][0].append(ms)
            results[label][1].append(mib)
    for label, (times, rss) in results.items():
        print(f"{label}: median {statistics.median(times):.1f} ms (min {min(times):.1f}, max {max(times):.1f}), "
              f"peak RSS median {statistics.median(rss):.1f} MiB (max {max(rss):.1f}) over {runs} runs")

main()
