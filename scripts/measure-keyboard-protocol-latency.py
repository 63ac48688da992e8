#!/usr/bin/env python3
"""Key to screen with each keyboard protocol on, beside the harness floor, in one interleaved run.

tmux answers no kitty keyboard query, so here the harness is the terminal: each app runs on a
pseudo-terminal of 80x24 this script holds, whose output it reads into a pyte screen. At the
start it answers the app's queries as one kind of terminal would:
  kitty  - `CSI ? 0 u` (the kitty keyboard protocol), DA1 and OSC 11: Tide pushes `CSI > 1 u`
  xterm  - DA1 and OSC 11, no kitty answer: Tide turns on modifyOtherKeys (`CSI > 4 ; 1 m`)
  silent - nothing: Tide waits its 100 ms and reads legacy keys
and the script checks that the app did turn that mode on. The floor is the C floor stopwatch
(../shared/floor/stopwatch.c) on the same harness. A key's time runs from writing its bytes to
the pty to its result on the pyte screen, read as it arrives (no polling interval).

Usage: scripts/measure-keyboard-protocol-latency.py [TIDE_DEMO] [--rounds=N]
(default: the binary `make release` builds; 30 rounds). Needs pyte (`pip install pyte`).
"""
import os, pty, select, shutil, signal, statistics, struct, subprocess, sys, tempfile, time, fcntl, termios

import pyte

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(here)
ANSWERS = {
    "kitty": {b"\x1b[?u": b"\x1b[?0u", b"\x1b[c": b"\x1b[?62;22c", b"\x1b]11;?": b"\x1b]11;rgb:0000/0000/0000\x1b\\"},
    "xterm": {b"\x1b[c": b"\x1b[?62;22c", b"\x1b]11;?": b"\x1b]11;rgb:0000/0000/0000\x1b\\"},
    "silent": {},
}
TURNED_ON = {"kitty": b"\x1b[>1u", "xterm": b"\x1b[>4;1m", "silent": None}


class App:
    """One app on a pseudo-terminal, answering the start's queries as `terminal` would."""

    def __init__(self, name, argv, terminal, ready):
        self.name, self.terminal = name, terminal
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)
        self.output = b""
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ.update({"TERM": "xterm-256color", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"})
            os.execv(argv[0], argv)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.answered = set()
        self.wait_for(lambda: ready in self.text(), f"'{ready}'", timeout=20)
        wanted = TURNED_ON[terminal]
        if wanted is not None and wanted not in self.output:
            raise SystemExit(f"{name}: the app did not turn on {wanted!r} for a {terminal} terminal")
        self.times = []

    def text(self):
        return "\n".join(self.screen.display)

    def read(self, timeout):
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return
        data = os.read(self.fd, 65536)
        self.output += data
        self.stream.feed(data)
        for query, answer in ANSWERS[self.terminal].items():
            if query not in self.answered and query in self.output:
                self.answered.add(query)
                os.write(self.fd, answer)

    def wait_for(self, condition, what, timeout=5.0):
        start = time.perf_counter()
        while not condition():
            if time.perf_counter() - start > timeout:
                raise SystemExit(f"{self.name}: {what} did not show in {timeout} s:\n{self.text()}")
            self.read(0.05)
        return (time.perf_counter() - start) * 1000

    def press(self, key, shows, record=True):
        start = time.perf_counter()
        os.write(self.fd, key)
        while shows not in self.text():
            if time.perf_counter() - start > 5:
                raise SystemExit(f"{self.name}: '{shows}' did not show after {key!r}:\n{self.text()}")
            self.read(0.05)
        if record:
            self.times.append((time.perf_counter() - start) * 1000)
        # Let the frame finish before the next key.
        self.read(0.03)

    def close(self):
        os.kill(self.pid, signal.SIGTERM)
        os.waitpid(self.pid, 0)
        os.close(self.fd)


class Counter(App):
    def round(self):
        self.press(b"+", "Count: 1")
        self.press(b"-", "Count: 0")


class Floor(App):
    def round(self):
        self.press(b" ", "Running")
        self.press(b" ", "Stopped")
        self.press(b"r", "00:00.00", record=False)


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    rounds = int(next((a.split("=")[1] for a in sys.argv if a.startswith("--rounds=")), 30))
    demo = args[0] if args else os.path.join(
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--show-bin-path"],
                       cwd=root, capture_output=True, text=True).stdout.strip(), "tide-demo")
    if not os.access(demo, os.X_OK):
        raise SystemExit(f"no tide-demo at {demo}: run make release first, or pass the binary")
    work = tempfile.mkdtemp()
    floor = os.path.join(work, "stopwatch-c")
    subprocess.run(["cc", "-O2", os.path.join(root, "..", "shared", "floor", "stopwatch.c"), "-lncursesw", "-o", floor],
                   check=True)
    apps = []
    try:
        apps.append(Floor("floor", [floor], "silent", "Stopped"))
        for terminal in ("kitty", "xterm", "silent"):
            apps.append(Counter(f"tide-demo {terminal}", [demo, "--screen", "counter", "--data",
                                                          os.path.join(work, f"{terminal}.json")], terminal, "Count: 0"))
        for number in range(rounds):
            for app in apps[number % len(apps):] + apps[:number % len(apps)]:
                app.round()
    finally:
        for app in apps:
            app.close()
        shutil.rmtree(work, ignore_errors=True)
    floor_median = statistics.median(apps[0].times)
    print(f"key to screen on a pseudo-terminal, {rounds} interleaved rounds (ms; key written -> on the screen)")
    print(f"{'app':20} {'median':>7} {'p90':>7} {'- floor':>8}")
    for app in apps:
        p90 = statistics.quantiles(app.times, n=10)[-1]
        median = statistics.median(app.times)
        print(f"{app.name:20} {median:7.2f} {p90:7.2f} {median - floor_median:+8.2f}")


if __name__ == "__main__":
    main()
