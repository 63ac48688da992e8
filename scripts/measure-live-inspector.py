#!/usr/bin/env python3
"""What live time travel costs the running app, in one interleaved run.

tide-demo's counter runs twice in tmux (80x24): plain, and with `--inspect-socket` and an
inspector attached that reads its live trace the whole time (this script, on the socket, as
`inspect --attach` reads it). Round after round each takes `+` and `-`; a key's time runs from
`tmux send-keys` returning to its result on screen (polled with capture-pane, the method of
scripts/measure-key-latency.py, whose helpers this uses). Then, on the attached app, each round
puts it back into the state before its first action (`{"jump":0,…}`, with the state the trace's
header holds) and times the jump from the command sent to the app's screen showing it held at
`Count: 0`, then resumes it and presses `+` again.

Usage: scripts/measure-live-inspector.py [TIDE_DEMO] [--rounds=N]
(default: the binary `make release` builds; 30 rounds)
"""
import importlib.util, json, os, socket, statistics, subprocess, sys, tempfile, threading, time

here = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("keys", os.path.join(here, "measure-key-latency.py"))
keys = importlib.util.module_from_spec(spec)
spec.loader.exec_module(keys)


class Inspector:
    """Reads the app's live trace on its socket, as the inspector does, and sends commands."""

    def __init__(self, path):
        self.connection = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.connection.connect(path)
        self.received = b""
        self.header = None
        threading.Thread(target=self.read, daemon=True).start()
        deadline = time.time() + 5
        while self.header is None:
            if time.time() > deadline:
                raise SystemExit("no trace header on the socket")
            time.sleep(0.01)

    def read(self):
        while True:
            data = self.connection.recv(65536)
            if not data:
                return
            self.received += data
            if self.header is None and b"\n" in self.received:
                self.header = json.loads(self.received.split(b"\n", 1)[0])

    def send(self, command):
        self.connection.sendall(json.dumps(command, separators=(",", ":")).encode() + b"\n")


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    rounds = int(next((a.split("=")[1] for a in sys.argv if a.startswith("--rounds=")), 30))
    demo = args[0] if args else os.path.join(
        subprocess.run(["swift", "build", "-c", "release", "--static-swift-stdlib", "--show-bin-path"],
                       cwd=keys.root, capture_output=True, text=True).stdout.strip(), "tide-demo")
    work = tempfile.mkdtemp()
    os.chmod(work, 0o700)
    env = "env LC_ALL=C.UTF-8 LANG=C.UTF-8 TERM=tmux-256color"
    counter_keys = [
        ("+", "+", keys.shows("Count: 1"), "'Count: 1'"),
        ("-", "-", keys.shows("Count: 0"), "'Count: 0'"),
    ]
    sock = os.path.join(work, "app.sock")
    apps = []
    try:
        apps.append(keys.App("plain", f"{env} {demo} --screen counter --data {work}/a.json", "Count: 0", counter_keys))
        apps.append(keys.App("attached", f"{env} {demo} --screen counter --data {work}/b.json --inspect-socket {sock}",
                             "Count: 0", counter_keys))
        inspector = Inspector(sock)
        initial = inspector.header["state"]
        for number in range(rounds):
            for app in apps[number % 2:] + apps[:number % 2]:
                app.round()
        attached = apps[1]
        jumps = []
        for _ in range(rounds):
            keys.tmux(attached.sock, "send-keys", "-t", "t", "+")
            keys.wait_for(attached.sock, keys.shows("Count: 1"), "'Count: 1'")
            time.sleep(0.03)
            start = time.perf_counter()
            inspector.send({"jump": 0, "state": initial})
            keys.wait_for(attached.sock, lambda s: "Count: 0" in s and "keys held" in s, "the jump")
            jumps.append((time.perf_counter() - start) * 1000)
            inspector.send({"resume": True})
            keys.wait_for(attached.sock, keys.lacks("keys held"), "the resume")
            time.sleep(0.03)
    finally:
        for app in apps:
            app.close()
    print(f"key to screen, {rounds} interleaved rounds (ms; tmux send-keys returned -> on screen, polled)")
    for app in apps:
        for label, times in app.times.items():
            print(f"{app.name:10} {label:3} median {statistics.median(times):6.2f}  worst {max(times):6.2f}")
    plain = statistics.median(t for ts in apps[0].times.values() for t in ts)
    live = statistics.median(t for ts in apps[1].times.values() for t in ts)
    print(f"attached - plain (median of every key): {live - plain:+.2f} ms")
    print(f"jump to screen: median {statistics.median(jumps):.2f} ms, worst {max(jumps):.2f} ms ({len(jumps)} jumps)")


if __name__ == "__main__":
    main()
