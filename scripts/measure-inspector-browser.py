#!/usr/bin/env python3
"""The inspector's browser of any app, timed as a person meets it, in a pseudo-terminal.

`APP inspect TRACE` runs in an 80x24 pseudo-terminal whose output a terminal emulator (pyte,
`pip install pyte`) draws: open and first screen is the time from the start to the screen whose
title reads `step LAST of LAST` (the browser opens on the last step). Then, round after round,
`g` (to the start) and `G` (back to the last step): a jump is the time from the key written to
the screen whose title names the step it went to. Last, from the last step, ten steps back
with `k` (as many as the trace has, short of step 0), each timed alike: a step back starts from
a state before it, not after it. For an executable example that tide-bench cannot open
in-process (tide-list: `tide-bench trace-list-100k` measures its command-line questions).

Then 20 jumps with `:N` and enter to steps spread over the trace, first visits each, timed from
enter (the number is typed first, and enter sent once the prompt shows it): right
after opening, while the walk that keeps states along the trace may still be under
way, and again to 20 other steps `--settle` seconds later (default 5), once it has ended.

Usage: scripts/measure-inspector-browser.py APP TRACE [--rounds=N] [--settle=S]   (default 10 rounds)
"""
import os, pty, select, statistics, struct, sys, termios, fcntl, time

import pyte


def action_count(trace):
    count = 0
    with open(trace, "rb") as f:
        for line in f:
            if line.startswith(b'{"n":'):
                count += 1
    return count


class Terminal:
    def __init__(self, argv):
        self.start = time.monotonic()
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ["TERM"] = "xterm-256color"
            os.environ["LC_ALL"] = "C.UTF-8"
            os.execv(argv[0], argv)
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.screen = pyte.Screen(80, 24)
        self.stream = pyte.ByteStream(self.screen)

    def wait_for(self, title, since, deadline=120):
        """Seconds from `since` until the screen's first row holds `title`."""
        return self.wait_until_row(0, title, since, deadline)

    def wait_until_row(self, number, text, since, deadline=120):
        """Seconds from `since` until row `number` of the screen holds `text`."""
        limit = time.monotonic() + deadline
        while time.monotonic() < limit:
            ready, _, _ = select.select([self.fd], [], [], 0.5)
            if ready:
                try:
                    data = os.read(self.fd, 1 << 16)
                except OSError:
                    raise SystemExit("the inspector ended before showing " + text)
                self.stream.feed(data)
                if text in self.row(number):
                    return time.monotonic() - since
        raise SystemExit("waited %d s for %s" % (deadline, text))

    def row(self, number):
        """The text of one row: `screen.display` draws all 24, which the timing would count."""
        line = self.screen.buffer[number]
        return "".join(line[column].data for column in range(self.screen.columns))

    def send(self, text):
        start = time.monotonic()
        os.write(self.fd, text)
        return start

    def close(self):
        os.write(self.fd, b"q")
        try:
            os.waitpid(self.pid, 0)
        except ChildProcessError:
            pass


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    if len(args) != 2:
        raise SystemExit(__doc__)
    app, trace = args
    rounds = int(next((a.split("=")[1] for a in sys.argv if a.startswith("--rounds=")), 10))
    settle = float(next((a.split("=")[1] for a in sys.argv if a.startswith("--settle=")), 5))
    last = action_count(trace)
    def step(number):
        return "step %d of %d" % (number, last)
    terminal = Terminal([app, "inspect", trace])
    opened = terminal.wait_for(step(last), terminal.start)
    def far_jumps(shift):
        """Each of 20 steps spread over the trace, gone to with `:N` and enter."""
        times = []
        for k in range(1, 21):
            number = min(last, max(1, last * (k * 7 % 20 + 1) // 20 - shift))
            # The jump is enter's: the number is typed first, and timed from when it shows.
            terminal.wait_until_row(terminal.screen.lines - 1, "go to step: %d" % number, terminal.send(b":%d" % number))
            since = terminal.send(b"\r")
            times.append(terminal.wait_for(step(number), since))
        return times
    first_far = far_jumps(last // 40)
    jumps = {b"g": [], b"G": []}
    for _ in range(rounds):
        for key, number in ((b"g", 0), (b"G", last)):
            since = terminal.send(key)
            jumps[key].append(terminal.wait_for(step(number), since))
    back = []
    for number in range(last - 1, max(0, last - 11), -1):
        since = terminal.send(b"k")
        back.append(terminal.wait_for(step(number), since))
    # The walk that keeps states along the trace (TraceWaypointWalk) has long ended by now on a
    # trace of a million actions; these steps are between those visited first.
    time.sleep(settle)
    later_far = far_jumps(last // 13)
    terminal.close()
    every = jumps[b"g"] + jumps[b"G"]
    steps_back = ("; %d steps back (k): median %.1f ms, slowest %.1f ms"
                  % (len(back), statistics.median(back) * 1e3, max(back) * 1e3)) if back else ""
    print("%s inspect %s (%d actions): open and first screen %.3f s; %d jumps (g, G): median %.1f ms, slowest %.1f ms"
          " (g, to the start: median %.1f ms; G, to the last step: median %.1f ms)%s"
          % (os.path.basename(app), os.path.basename(trace), last, opened, len(every),
             statistics.median(every) * 1e3, max(every) * 1e3,
             statistics.median(jumps[b"g"]) * 1e3, statistics.median(jumps[b"G"]) * 1e3, steps_back))
    print("20 jumps to steps spread over the trace (:N), first visits right after opening: median %.1f ms, slowest %.1f ms;"
          " 20 more %.0f s later: median %.1f ms, slowest %.1f ms"
          % (statistics.median(first_far) * 1e3, max(first_far) * 1e3, settle,
             statistics.median(later_far) * 1e3, max(later_far) * 1e3))


if __name__ == "__main__":
    main()
