#!/usr/bin/env python3
"""A running stopwatch's CPU a frame, for several apps running at the same time: each window
of SECONDS weighs the machine's other work (a build, the terminal, tmux) on every app alike,
which one app after the other (../shared/floor/measure.py) does not. The first app is the one
the others are compared with.

Each app runs in its own tmux server at 80x24 under `script --log-timing` (a frame = an output
burst >= 5 ms after the one before, as ../shared/floor/measure.py counts them). Once every
stopwatch runs, ROUNDS windows of SECONDS each: in each, every thread's CPU time
(/proc/PID/task/*/schedstat) and the frames drawn, for every app at once. Printed: each
window's CPU a frame and its ratio to the first app's, then the median ratio and the range.

Usage: scripts/measure-frame-side-by-side.py NAME=COMMAND... [--seconds=S] [--rounds=R]
(defaults 10 s, 10 rounds). For tide-demo against the Swift floor (../shared/floor/swift,
built with `swift build -c release --static-swift-stdlib`):
  scripts/measure-frame-side-by-side.py swift=FLOOR/stopwatch-swift \\
      "tide=.build/release/tide-demo --screen stopwatch --data /tmp/s.json"
"""
import os, statistics, subprocess, sys, tempfile, time


def tmux(server, *arguments):
    return subprocess.run(["tmux", "-L", server, *arguments], capture_output=True, text=True).stdout


def wait_for(server, text, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if text in tmux(server, "capture-pane", "-p", "-t", "t"):
            return
        time.sleep(0.01)
    raise SystemExit(f"{server}: waited {timeout} s for '{text}'")


def process_of(command):
    """The newest process running `command`'s program (not the shells around it)."""
    program = command.split()[0]
    found = subprocess.run(["pgrep", "-n", "-f", "^" + program], capture_output=True, text=True).stdout.split()
    if not found:
        raise SystemExit(f"no process runs {program}")
    return int(found[0])


def cpu_ns(pid):
    return sum(int(open(f"/proc/{pid}/task/{task}/schedstat").read().split()[0]) for task in os.listdir(f"/proc/{pid}/task"))


def frames(timing):
    """The output bursts at least 5 ms after the one before, so far."""
    with open(timing) as lines:
        return sum(1 for line in lines if float(line.split()[0]) >= 0.005)


def main():
    apps = [a.split("=", 1) for a in sys.argv[1:] if "=" in a and not a.startswith("--")]
    if len(apps) < 2:
        raise SystemExit(__doc__)
    seconds = float(next((a.split("=")[1] for a in sys.argv if a.startswith("--seconds=")), 10))
    rounds = int(next((a.split("=")[1] for a in sys.argv if a.startswith("--rounds=")), 10))
    folder = tempfile.mkdtemp()
    running = []
    try:
        for name, command in apps:
            server = f"side{os.getpid()}{name}"
            timing = f"{folder}/{name}.timing"
            tmux(server, "new-session", "-d", "-x", "80", "-y", "24", "-s", "t",
                 f"script -q -f --log-timing {timing} -c '{command}' {folder}/{name}.out; sleep 60")
            running.append((name, server, timing))
        for name, server, _ in running:
            wait_for(server, "Stopped")
        pids = {name: process_of(command) for name, command in apps}
        for _, server, _ in running:
            tmux(server, "send-keys", "-t", "t", "Space")
        for _, server, _ in running:
            wait_for(server, "Running")
        time.sleep(1)
        ratios = {name: [] for name, _ in apps[1:]}
        print("round  " + "  ".join(f"{name + ' ms/frame':>18}" for name, _ in apps)
              + "  " + "  ".join(f"{name + '/' + apps[0][0]:>12}" for name, _ in apps[1:]))
        for round in range(1, rounds + 1):
            before = {name: (cpu_ns(pids[name]), frames(timing)) for name, _, timing in running}
            time.sleep(seconds)
            after = {name: (cpu_ns(pids[name]), frames(timing)) for name, _, timing in running}
            per_frame = {}
            for name, _ in apps:
                cpu = after[name][0] - before[name][0]
                count = after[name][1] - before[name][1]
                per_frame[name] = cpu / 1e6 / count if count else float("nan")
            first = per_frame[apps[0][0]]
            for name, _ in apps[1:]:
                ratios[name].append(per_frame[name] / first)
            print(f"{round:5}  " + "  ".join(f"{per_frame[name]:18.3f}" for name, _ in apps)
                  + "  " + "  ".join(f"{ratios[name][-1]:11.2f}x" for name, _ in apps[1:]), flush=True)
        for name, values in ratios.items():
            print(f"{name}: {statistics.median(values):.2f}x {apps[0][0]}'s CPU a frame by the median of {rounds} "
                  f"windows of {seconds:g} s ({min(values):.2f}–{max(values):.2f}x)")
    finally:
        for _, server, _ in running:
            tmux(server, "send-keys", "-t", "t", "q")
        time.sleep(0.3)
        for _, server, _ in running:
            tmux(server, "kill-server")


if __name__ == "__main__":
    main()
