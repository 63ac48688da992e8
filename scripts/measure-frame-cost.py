#!/usr/bin/env python3
"""Where a running stopwatch's CPU a frame goes, side by side: user space against the kernel, and
what each frame asks of the kernel — for tide-demo and the two floors (../shared/floor), in
interleaved rounds, so that a machine shared with other builds weighs on every app alike.

Each app runs in its own tmux server at 80x24 under `script --log-timing` (a frame = an output
burst >= 5 ms after the one before, as ../shared/floor/measure.py counts them); the stopwatch is
started and left running 1 s, then over three windows of SECONDS each:
  1. /proc: every thread's schedstat CPU time, the process's minor and major page faults, its
     voluntary and involuntary context switches, its migrations between CPUs, and the bytes the
     terminal received a frame (the timing file);
  2. `perf record -e cpu-clock` (the VM has no hardware counters: no cycles, instructions or cache
     misses; a software clock samples every 20 us of the app's CPU time): the share of the
     samples in the kernel, and the kernel functions that take them;
  3. `strace -f -c`: system calls a frame (strace slows the app; its counts are per frame of that
     window).
Usage: scripts/measure-frame-cost.py NAME=COMMAND... [--seconds=S] [--rounds=R]
The medians over the rounds are printed at the end."""
import collections, os, re, statistics, subprocess, sys, tempfile, time

def tm(sock, *a):
    return subprocess.run(["tmux", "-L", sock, *a], capture_output=True, text=True).stdout

def wait_for(sock, text, timeout=10.0):
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < timeout:
        if text in tm(sock, "capture-pane", "-p", "-t", "t"):
            return
        time.sleep(0.01)
    raise SystemExit(f"{sock}: '{text}' did not appear in {timeout} s")

def proc(pid):
    """CPU ns (schedstat), minor/major faults, voluntary/involuntary switches, migrations."""
    cpu = vol = invol = migrations = 0
    for tid in os.listdir(f"/proc/{pid}/task"):
        cpu += int(open(f"/proc/{pid}/task/{tid}/schedstat").read().split()[0])
        for line in open(f"/proc/{pid}/task/{tid}/status"):
            if line.startswith("voluntary_ctxt_switches"): vol += int(line.split()[1])
            if line.startswith("nonvoluntary_ctxt_switches"): invol += int(line.split()[1])
        for line in open(f"/proc/{pid}/task/{tid}/sched"):
            if line.startswith("se.nr_migrations"): migrations += int(line.split()[-1])
    stat = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return dict(cpu=cpu, minflt=int(stat[7]), majflt=int(stat[9]), vol=vol, invol=invol,
                migrations=migrations)

class Timing:
    def __init__(self, path): self.path = path
    def lines(self): return sum(1 for _ in open(self.path))
    def frames_since(self, start):  # (frames, bytes) from line `start` on
        frames = size = 0
        for i, line in enumerate(open(self.path)):
            if i >= start:
                delay, count = line.split()
                size += int(count)
                if float(delay) >= 0.005: frames += 1
        return frames, size

def measure(name, cmd, seconds):
    d = tempfile.mkdtemp(); sock = f"cost{os.getpid()}{name}"
    tm(sock, "-f", "/dev/null", "new-session", "-d", "-x", "80", "-y", "24", "-s", "t",
       f"script -q -f --log-timing {d}/timing -c 'env LC_ALL=C.UTF-8 {cmd}' {d}/out; sleep 60")
    try:
        wait_for(sock, "Stopped")
        pid = int(subprocess.run(["pgrep", "-n", "-f", "^" + cmd.split()[0]], capture_output=True,
                                 text=True).stdout.split()[0])
        tm(sock, "send-keys", "-t", "t", "Space"); wait_for(sock, "Running"); time.sleep(1)
        timing = Timing(f"{d}/timing"); r = {}
        # 1. /proc
        start = timing.lines(); p0 = proc(pid); t0 = time.perf_counter()
        time.sleep(seconds)
        p1 = proc(pid); t1 = time.perf_counter(); frames, size = timing.frames_since(start)
        r["frames/s"] = frames / (t1 - t0)
        r["CPU %"] = 100 * (p1["cpu"] - p0["cpu"]) / 1e9 / (t1 - t0)
        r["CPU us/frame"] = (p1["cpu"] - p0["cpu"]) / 1e3 / frames
        for key, label in (("minflt", "faults/frame"), ("vol", "wake-ups/frame"),
                           ("invol", "preempted/frame"), ("migrations", "migrations/frame")):
            r[label] = (p1[key] - p0[key]) / frames
        r["majflt"] = p1["majflt"] - p0["majflt"]
        r["bytes/frame"] = size / frames
        # 2. perf: user against kernel, by sampling the app's own CPU clock
        data = f"{d}/perf.data"; start = timing.lines()
        subprocess.run(["perf", "record", "-q", "-e", "cpu-clock", "-c", "20000", "-p", str(pid),
                        "-o", data, "--", "sleep", str(seconds)], capture_output=True)
        frames, _ = timing.frames_since(start)
        out = subprocess.run(["perf", "report", "-i", data, "--stdio", "--sort", "dso,sym",
                              "-F", "overhead,sample,dso,sym"], capture_output=True, text=True).stdout
        kernel = collections.Counter(); samples = 0
        for line in out.splitlines():
            m = re.match(r"\s*[\d.]+%\s+(\d+)\s+(\S+)\s+\[(.)\]\s+(.*)", line)
            if not m: continue
            n = int(m.group(1)); samples += n
            if m.group(3) == "k": kernel[m.group(4).strip()] += n
        k = sum(kernel.values())
        r["kernel %"] = 100 * k / samples if samples else 0
        r["kernel us/frame"] = k * 20 / frames if frames else 0
        r["user us/frame"] = (samples - k) * 20 / frames if frames else 0
        r["top kernel"] = ", ".join(f"{s} {100 * n / samples:.1f}%" for s, n in kernel.most_common(6))
        # 3. strace: system calls a frame
        start = timing.lines()
        subprocess.run(["timeout", "-s", "INT", str(seconds), "strace", "-f", "-c", "-p", str(pid),
                        "-o", f"{d}/strace"], capture_output=True)
        frames, _ = timing.frames_since(start)
        calls = {}
        for line in open(f"{d}/strace"):
            f = line.split()
            if len(f) >= 5 and f[-1] != "total" and re.fullmatch(r"[a-z_0-9]+", f[-1]) and f[3].isdigit():
                calls[f[-1]] = int(f[3]) / frames
        r["syscalls/frame"] = sum(calls.values())
        r["calls"] = " ".join(f"{c} {n:.2f}" for c, n in sorted(calls.items(), key=lambda x: -x[1]))
        r["peak MiB"] = next(int(l.split()[1]) for l in open(f"/proc/{pid}/status")
                             if l.startswith("VmHWM")) / 1024
        return r
    finally:
        tm(sock, "send-keys", "-t", "t", "q"); time.sleep(0.3); tm(sock, "kill-server")
        subprocess.run(["rm", "-rf", d])

if __name__ == "__main__":
    apps = [a.split("=", 1) for a in sys.argv[1:] if "=" in a and not a.startswith("--")]
    seconds = float(next((a.split("=")[1] for a in sys.argv if a.startswith("--seconds=")), 5))
    rounds = int(next((a.split("=")[1] for a in sys.argv if a.startswith("--rounds=")), 3))
    results = collections.defaultdict(list)
    for round in range(rounds):
        load = open("/proc/loadavg").read().split()[0]
        print(f"round {round + 1}, load average {load}", flush=True)
        for name, cmd in apps:
            r = measure(name, cmd, seconds); results[name].append(r)
            print(f"  {name}: " + "  ".join(f"{k} {v:.3f}" if isinstance(v, float) else f"{k} {v}"
                                          for k, v in r.items()), flush=True)
    print("medians:")
    for name, _ in apps:
        rs = results[name]
        keys = [k for k, v in rs[0].items() if not isinstance(v, str)]
        print(f"  {name:10} " + "  ".join(f"{k} {statistics.median(r[k] for r in rs):.3f}" for k in keys))
