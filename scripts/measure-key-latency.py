#!/usr/bin/env python3
"""Key to screen on every screen of tide-demo, beside the harness floor, in one interleaved run.

Each app runs in its own tmux server at 80x24: the C floor stopwatch (../shared/floor/stopwatch.c,
one poll(2) loop on ncurses: what the harness itself costs), and tide-demo on the counter, the
stopwatch and the todo screens. Round after round, each takes its turn at its keys; a key's time
runs from `tmux send-keys` returning to its result on screen, polled with `tmux capture-pane`
every 0.5 ms — the method of ../shared/floor/measure.py, so the figures compare with its.
Prints the median and worst of every key, and the medians minus the floor's.

With --trace, every tide-demo app runs twice, once writing a trace (`--trace FILE`) and once
not, in the same rounds (the typing app too: keys typed into the todo input line), and the
medians with and without the trace are printed side by side: tracing is meant to add no more
than 1 ms to a key (issue 22).

Usage: scripts/measure-key-latency.py [TIDE_DEMO] [--rounds=N] [--trace]
(default: the binary `make release` builds; 15 rounds)
"""
import os, shutil, statistics, subprocess, sys, tempfile, time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)


def tmux(sock, *args):
    return subprocess.run(["tmux", "-L", sock, "-f", "/dev/null", *args], capture_output=True, text=True).stdout


def wait_for(sock, condition, what, timeout=5.0):
    start = time.perf_counter()
    while time.perf_counter() - start < timeout:
        if condition(tmux(sock, "capture-pane", "-p", "-t", "t")):
            return (time.perf_counter() - start) * 1000
        time.sleep(0.0005)
    raise SystemExit(f"{sock}: {what} did not show in {timeout} s")


def shows(text):
    return lambda screen: text in screen


def lacks(text):
    return lambda screen: text not in screen


class App:
    """One tmux server running one app, and its keys: (label, tmux key, condition, what)."""

    def __init__(self, name, command, ready, keys, setup=()):
        self.name, self.keys = name, keys
        self.sock = f"keys{os.getpid()}{name.replace('+', '-')}"
        tmux(self.sock, "new-session", "-d", "-x", "80", "-y", "24", "-s", "t", command)
        wait_for(self.sock, shows(ready), f"'{ready}'", timeout=20)
        for key, condition, what in setup:
            tmux(self.sock, "send-keys", "-t", "t", key)
            wait_for(self.sock, condition, what)
        self.times = {label: [] for label, *_ in keys if label}

    def round(self):
        for label, key, condition, what in self.keys:
            tmux(self.sock, "send-keys", "-t", "t", key)
            elapsed = wait_for(self.sock, condition, what)
            if label:
                self.times[label].append(elapsed)
            time.sleep(0.03)

    def close(self):
        tmux(self.sock, "kill-server")


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    rounds = int(next((a.split("=")[1] for a in sys.argv if a.startswith("--rounds=")), 15))
    compare_trace = "--trace" in sys.argv
    demo = args[0] if args else os.path.join(
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--show-bin-path"],
                       cwd=root, capture_output=True, text=True).stdout.strip(), "tide-demo")
    if not os.access(demo, os.X_OK):
        raise SystemExit(f"no tide-demo at {demo}: run make release first, or pass the binary")
    work = tempfile.mkdtemp()
    floor_source = os.path.join(root, "..", "shared", "floor", "stopwatch.c")
    floor = os.path.join(work, "stopwatch-c")
    subprocess.run(["cc", "-O2", floor_source, "-lncursesw", "-o", floor], check=True)
    todos = os.path.join(work, "todo-list.json")
    env = "env LC_ALL=C.UTF-8 LANG=C.UTF-8 TERM=tmux-256color"
    stopwatch_keys = [
        ("space (start)", "Space", shows("Running"), "'Running'"),
        ("l (lap)", "l", shows("Lap 1"), "'Lap 1'"),
        ("space (stop)", "Space", shows("Stopped"), "'Stopped'"),
        (None, "r", lacks("Lap 1"), "the reset"),
    ]
    apps = []
    try:
        apps.append(App("floor", f"{env} {floor}", "Stopped", stopwatch_keys))
        with open(todos, "w") as f:
            f.write('{"version": 1, "todos": [{"id": 1, "title": "first", "isDone": false},'
                    ' {"id": 2, "title": "second", "isDone": false}]}')
        # Each tide-demo app; with --trace, each twice: writing a trace, and not.
        for suffix in (["", "+trace"] if compare_trace else [""]):
            def demo_command(name, data):
                trace = f" --trace {work}/{name}.trace" if suffix else ""
                return f"{env} {demo} --screen {name.split('-')[0]} --data {data}{trace}"
            apps.append(App("counter" + suffix, demo_command("counter", f"{work}/c{suffix}.json"), "Count: 0", [
                ("+", "+", shows("Count: 1"), "'Count: 1'"),
                ("-", "-", shows("Count: 0"), "'Count: 0'"),
            ]))
            apps.append(App("stopwatch" + suffix, demo_command("stopwatch", f"{work}/s{suffix}.json"), "Stopped",
                            stopwatch_keys))
            todo_copy = os.path.join(work, f"todos{suffix}.json")
            shutil.copy(todos, todo_copy)
            apps.append(App("todos" + suffix, demo_command("todos", todo_copy), "> [ ] first", [
                ("x (toggle)", "x", shows("> [x] first"), "'> [x] first'"),
                (None, "x", shows("> [ ] first"), "'> [ ] first'"),
                ("j (down)", "j", shows("> [ ] second"), "'> [ ] second'"),
                ("k (up)", "k", shows("> [ ] first"), "'> [ ] first'"),
            ]))
            if compare_trace:
                typing_copy = os.path.join(work, f"typing{suffix}.json")
                shutil.copy(todos, typing_copy)
                apps.append(App("typing" + suffix, demo_command("todos-typing", typing_copy), "> [ ] first", [
                    ("q (type)", "q", shows("New todo: q\n"), "'New todo: q'"),
                    ("backspace", "BSpace", lacks("New todo: q"), "the q deleted"),
                ], setup=[("a", shows("New todo:"), "the input line")]))
        for number in range(rounds):
            # A different app first each round, so none always follows the same one.
            for app in apps[number % len(apps):] + apps[:number % len(apps)]:
                app.round()
    finally:
        for app in apps:
            app.close()
        shutil.rmtree(work, ignore_errors=True)
    floor_median = statistics.median(t for times in apps[0].times.values() for t in times)
    print(f"key to screen, {rounds} interleaved rounds (ms; tmux send-keys returned -> on screen, polled)")
    print(f"{'app':16} {'key':15} {'median':>7} {'worst':>7} {'- floor':>8}")
    for app in apps:
        for label, times in app.times.items():
            median = statistics.median(times)
            print(f"{app.name:16} {label:15} {median:7.1f} {max(times):7.1f} {median - floor_median:+8.1f}")
    print(f"harness floor (median of every floor key): {floor_median:.1f} ms")
    if compare_trace:
        print("with --trace against without (medians, ms)")
        print(f"{'app':10} {'key':15} {'without':>8} {'with':>8} {'traced -':>9}")
        by_name = {app.name: app for app in apps}
        for app in apps:
            traced = by_name.get(app.name + "+trace")
            if app.name == "floor" or traced is None:
                continue
            for label, times in app.times.items():
                without, with_trace = statistics.median(times), statistics.median(traced.times[label])
                print(f"{app.name:10} {label:15} {without:8.2f} {with_trace:8.2f} {with_trace - without:+9.2f}")
        untraced = [t for app in apps if app.name != "floor" and not app.name.endswith("+trace")
                    for times in app.times.values() for t in times]
        traced = [t for app in apps if app.name.endswith("+trace") for times in app.times.values() for t in times]
        without, with_trace = statistics.median(untraced), statistics.median(traced)
        print(f"{'every key':26} {without:8.2f} {with_trace:8.2f} {with_trace - without:+9.2f}")


if __name__ == "__main__":
    main()
