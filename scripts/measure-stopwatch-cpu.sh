#!/usr/bin/env bash
# CPU of the running stopwatch, to the microsecond: the CPU time of all the app's threads
# (/proc/PID/task/*/schedstat, nanoseconds) over SECONDS of a running stopwatch in tmux (80x24).
# Usage: scripts/measure-stopwatch-cpu.sh [path/to/tide-demo] [SECONDS]   (defaults: `make release`'s, 30)
set -euo pipefail
bin=${1:-$(swift build -c release --static-swift-stdlib --show-bin-path)/tide-demo}
seconds=${2:-30}
[ -x "$bin" ] || { echo "measure-stopwatch-cpu: build it first: make release" >&2; exit 1; }
server=tide-cpu-$$
work=$(mktemp -d)
trap 'tmux -L "$server" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
tmux -L "$server" new-session -d -x 80 -y 24 "exec '$bin' --data '$work/todos.json'"
deadline=$((SECONDS + 10))
until tmux -L "$server" capture-pane -p | grep -q "Count: 0"; do
  (( SECONDS < deadline )) || { echo "measure-stopwatch-cpu: no first frame within 10 s" >&2; exit 1; }
  sleep 0.05
done
tmux -L "$server" send-keys Tab Space
sleep 1
pid=$(tmux -L "$server" list-panes -F '#{pane_pid}')
cpu() { cat /proc/"$pid"/task/*/schedstat | awk '{ s += $1 } END { print s }'; }
before=$(cpu); sleep "$seconds"; after=$(cpu)
shown=$(tmux -L "$server" capture-pane -p | grep -oE "[0-9]{2}:[0-9]{2}\.[0-9]{2}" | head -1)
awk -v ns=$((after - before)) -v s="$seconds" -v shown="$shown" \
  'BEGIN { printf "stopwatch running, %d s: %.2f%% of one core (%.0f us of CPU a second); it showed %s\n", s, ns / s / 1e7, ns / s / 1e3, shown }'
