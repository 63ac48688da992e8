#!/usr/bin/env bash
# Measures the interactive app's budgets in a real terminal (tmux, 80x24):
#   start-up to the first frame, key latency (key sent to its frame on screen, 20 keys), CPU while
#   idle for 10 s, CPU with the stopwatch running for 10 s, and the memory resident after all that.
# Usage: scripts/measure-app.sh [path/to/tide-demo]   (default: the release build, `make release`)
set -euo pipefail
bin=${1:-$(swift build -c release --static-swift-stdlib --show-bin-path)/tide-demo}
[ -x "$bin" ] || { echo "measure-app: build it first: make release" >&2; exit 1; }
# The binary's pages are dropped from the page cache and faulted back by one `--version`, as on
# the first start after a reboot: how the file was last written or read (the linker, cp, cat)
# otherwise decides the page cache's folio sizes, and with them how much each page fault maps —
# up to ±1 MiB in the resident figure.
dd if="$bin" iflag=nocache count=0 status=none
"$bin" --version > /dev/null
command -v tmux >/dev/null || { echo "measure-app: tmux is required" >&2; exit 1; }
work=$(mktemp -d)
session=tide-measure-$$
trap 'tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"' EXIT

ticks_per_second=$(getconf CLK_TCK)
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }

# Start-up: from the key that execs the app to its first frame on screen (polled every 2 ms, so this is an
# upper bound that includes tmux's own latency).
tmux new-session -d -x 80 -y 24 -s "$session" "read go; exec '$bin' --data '$work/todos.json'"
sleep 0.5
start=$(date +%s%N)
tmux send-keys -t "$session" Enter
until tmux capture-pane -p -t "$session" 2>/dev/null | grep -q "Count: 0"; do sleep 0.002; done
first_frame=$(date +%s%N)
echo "startup to first frame: $(( (first_frame - start) / 1000000 )) ms (upper bound, tmux polling)"

# Key latency: `+` and `-` in turn (the count stays below the alert at 10), each sent once the
# previous one's frame showed; the time from sending to "Count: N" on screen.
latencies=()
for n in $(seq 1 20); do
  if (( n % 2 )); then key=+; want="Count: 1"; else key=-; want="Count: 0"; fi
  sent=$(date +%s%N)
  tmux send-keys -t "$session" "$key"
  until tmux capture-pane -p -t "$session" 2>/dev/null | grep -q "$want"; do
    (( $(date +%s%N) - sent < 5000000000 )) || { echo "measure-app: no frame for key $n" >&2; exit 1; }
    sleep 0.001
  done
  latencies+=($(( ($(date +%s%N) - sent) / 1000 )))
done
printf '%s\n' "${latencies[@]}" | sort -n | awk '{ v[NR] = $1 } END {
  printf "key to frame, 20 keys: median %.1f ms, worst %.1f ms (upper bound, tmux polling)\n", v[int((NR + 1) / 2)] / 1000, v[NR] / 1000 }'
pid=$(tmux list-panes -t "$session" -F '#{pane_pid}')
sleep 1
before=$(cpu_ticks "$pid"); sleep 10; after=$(cpu_ticks "$pid")
awk -v t=$((after - before)) -v hz="$ticks_per_second" \
  'BEGIN { printf "idle, 10 s: %.2f%% of one core (%d ticks of 1/%d s)\n", 100 * t / hz / 10, t, hz }'
awk '/^VmRSS|^VmHWM/ { printf "%s %.1f MiB\n", ($1 == "VmRSS:" ? "resident while idle:" : "peak resident so far:"), $2 / 1024 }' "/proc/$pid/status"

tmux send-keys -t "$session" Tab Space
sleep 1
before=$(cpu_ticks "$pid"); sleep 10; after=$(cpu_ticks "$pid")
screen=$(tmux capture-pane -p -t "$session" | grep -E "[0-9]{2}:[0-9]{2}\.[0-9]{2}" | tr -s ' ')
awk -v t=$((after - before)) -v hz="$ticks_per_second" \
  'BEGIN { printf "stopwatch running, 10 s: %.2f%% of one core (%d ticks of 1/%d s)\n", 100 * t / hz / 10, t, hz }'
echo "stopwatch showed:$screen"
tmux send-keys -t "$session" q
