#!/usr/bin/env python3
"""A running stopwatch's CPU a frame, for several apps running at the same time: each window
of SECONDS weighs the machine's other work (a build, the terminal, tmux) on every app alike,
which one app after the other (../shared/floor/measure.py) does not. The first app is the one
the others are compared with.

Each app runs in its own tmux server at 80x24 under `script --log-timing` (a frame = an output
burst >= 5 ms after the one before, as ../shared/floor/measure.py counts them). Once every
stopwatch runs, windows of SECONDS each: in each, every thread's CPU time
(/proc/PID/task/*/schedstat) and the frames drawn, for every app at once. The app started first
measured about a fifth dearer than a second copy of the same binary started after it, steadily
(0.81–0.87x for the second in five runs, pinned or not): so half the ROUNDS start the apps in
the order given and half in the reverse order. Printed: each window's CPU a frame and its
ratio to the first-named app's, then, for each app, the geometric mean of the two orders'
medians, which cancels the starting order's share, and the range of every window.

Usage: scripts/measure-frame-side-by-side.py NAME=COMMAND... [--seconds=S] [--rounds=R] [--cpu=N]
(defaults 10 s, 10 rounds). `--cpu=N` runs every app on CPU N only: two copies of one app run
unpinned differed by up to a fifth, steadily, by where each was placed; pinned, the CPU and its
caches are the same for all. For tide-demo against the Swift floor (../shared/floor/swift,
built with `swift build -c release --static-swift-stdlib`):
  scripts/measure-frame-side-by-side.py swift=FLOOR/stopwatch-swift \\
      "tide=.build/release/tide-demo --screen stopwatch --data /tmp/s.json"
"""
import math, os, shlex, statistics, subprocess, sys, tempfile, time


def tmux(server, *arguments):
    return subprocess.run(["tmux", "-L", server, *arguments], capture_output=True, text=True).stdout


def wait_for(server, text, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if text in tmux(server, "capture-pane", "-p", "-t", "t"):
            return
        time.sleep(0.01)
    raise SystemExit(f"{server}: waited {timeout} s for '{text}'")


def process_of(server, command):
    """The process running `command`'s program in `server`'s pane, under the shell and `script`
    there: two apps of the same binary are told apart by their panes."""
    program = os.path.basename(shlex.split(command)[0])
    pending = [int(tmux(server, "display", "-p", "-t", "t", "#{pane_pid}").strip())]
    while pending:
        pid = pending.pop()
        try:
            if os.path.basename(os.readlink(f"/proc/{pid}/exe")) == program:
                return pid
            with open(f"/proc/{pid}/task/{pid}/children") as children:
                pending += [int(child) for child in children.read().split()]
        except (FileNotFoundError, ProcessLookupError):
            continue
    raise SystemExit(f"{server}: no process runs {program}")


def pinned(command, cpu):
    """`command` run on `cpu` only, when one is given (`taskset`)."""
    return command if cpu is None else f"taskset -c {cpu} {command}"


def cpu_ns(pid):
    return sum(int(open(f"/proc/{pid}/task/{task}/schedstat").read().split()[0]) for task in os.listdir(f"/proc/{pid}/task"))


def frames(timing):
    """The output bursts at least 5 ms after the one before, so far."""
    with open(timing) as lines:
        return sum(1 for line in lines if float(line.split()[0]) >= 0.005)


def run_pass(apps, reference, seconds, rounds, cpu):
    """`rounds` windows with the apps started in the order of `apps`; each window's CPU a frame
    of every app against `reference`'s, by name."""
    folder = tempfile.mkdtemp()
    running = []
    try:
        for name, command in apps:
            server = f"side{os.getpid()}{name}"
            timing = f"{folder}/{name}.timing"
            tmux(server, "new-session", "-d", "-x", "80", "-y", "24", "-s", "t",
                 f"script -q -f --log-timing {shlex.quote(timing)} -c {shlex.quote(pinned(command, cpu))} "
                 f"{shlex.quote(folder + '/' + name + '.out')}; sleep 60")
            running.append((name, server, timing))
        for name, server, _ in running:
            wait_for(server, "Stopped")
        pids = {name: process_of(server, command) for (name, command), (_, server, _) in zip(apps, running)}
        for _, server, _ in running:
            tmux(server, "send-keys", "-t", "t", "Space")
        for _, server, _ in running:
            wait_for(server, "Running")
        time.sleep(1)
        others = [name for name, _ in apps if name != reference]
        ratios = {name: [] for name in others}
        print("started " + ", ".join(name for name, _ in apps) + "\nround  "
              + "  ".join(f"{name + ' ms/frame':>18}" for name, _ in apps)
              + "  " + "  ".join(f"{name + '/' + reference:>12}" for name in others))
        for round in range(1, rounds + 1):
            before = {name: (cpu_ns(pids[name]), frames(timing)) for name, _, timing in running}
            time.sleep(seconds)
            after = {name: (cpu_ns(pids[name]), frames(timing)) for name, _, timing in running}
            per_frame = {}
            for name, _ in apps:
                spent = after[name][0] - before[name][0]
                count = after[name][1] - before[name][1]
                per_frame[name] = spent / 1e6 / count if count else float("nan")
            for name in others:
                ratios[name].append(per_frame[name] / per_frame[reference])
            print(f"{round:5}  " + "  ".join(f"{per_frame[name]:18.3f}" for name, _ in apps)
                  + "  " + "  ".join(f"{ratios[name][-1]:11.2f}x" for name in others), flush=True)
        return ratios
    finally:
        for _, server, _ in running:
            tmux(server, "send-keys", "-t", "t", "q")
        time.sleep(0.3)
        for _, server, _ in running:
            socket = tmux(server, "display", "-p", "#{socket_path}").strip()
            tmux(server, "kill-server")
            if socket and os.path.exists(socket):
                os.unlink(socket)


def main():
    apps = [a.split("=", 1) for a in sys.argv[1:] if "=" in a and not a.startswith("--")]
    if len(apps) < 2:
        raise SystemExit(__doc__)
    seconds = float(next((a.split("=")[1] for a in sys.argv if a.startswith("--seconds=")), 10))
    rounds = int(next((a.split("=")[1] for a in sys.argv if a.startswith("--rounds=")), 10))
    cpu = next((a.split("=")[1] for a in sys.argv if a.startswith("--cpu=")), None)
    reference = apps[0][0]
    # The app started first measured a fifth dearer than a second copy of itself, steadily,
    # whichever it was: half the windows start the apps in the order given, half reversed.
    passes = [run_pass(apps, reference, seconds, (rounds + 1) // 2, cpu),
              run_pass(apps[::-1], reference, seconds, rounds // 2, cpu)]
    for name in passes[0]:
        medians = [statistics.median(ratios[name]) for ratios in passes if ratios[name]]
        every = [value for ratios in passes for value in ratios[name]]
        both = math.prod(medians) ** (1 / len(medians))
        print(f"{name}: {both:.2f}x {reference}'s CPU a frame (the geometric mean of the medians of the two orders, "
              + ", ".join(f"{m:.2f}x" for m in medians) + f"; {len(every)} windows of {seconds:g} s, "
              f"{min(every):.2f}–{max(every):.2f}x)")


if __name__ == "__main__":
    main()
