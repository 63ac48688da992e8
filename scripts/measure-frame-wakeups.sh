#!/usr/bin/env bash
# Where a running stopwatch's frames go, thread by thread: wake-ups (context switches), CPU and
# system calls per frame, and the process's memory (peak, resident by kind, threads, libraries).
#
# Runs the app in tmux at 80x24 under `script --log-timing` (a frame = an output burst >= 5 ms
# after the one before, as ../shared/floor/measure.py counts them), starts the stopwatch, waits
# 1 s, then over SECONDS reads every thread's context switches and schedstat CPU time, and over
# another SECONDS counts system calls with `strace -f -c` (strace slows the app down; its counts
# are per frame of that second window).
# Usage: scripts/measure-frame-wakeups.sh [TIDE_DEMO] [SECONDS]   (default: the `make release` binary, 5 s)
set -euo pipefail
bin=${1:-$(swift build -c release --static-swift-stdlib --show-bin-path)/tide-demo}
seconds=${2:-5}
[ -x "$bin" ] || { echo "measure-frame-wakeups: build it first: make release" >&2; exit 1; }
for tool in tmux script strace; do
  command -v $tool >/dev/null || { echo "measure-frame-wakeups: $tool is required" >&2; exit 1; }
done
work=$(mktemp -d)
socket=tide-wakeups-$$
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
tmux -L "$socket" -f /dev/null new-session -d -x 80 -y 24 -s t \
  "script -q -f --log-timing '$work/timing' -c 'env LC_ALL=C.UTF-8 TERM=tmux-256color $bin --screen stopwatch --data $work/s.json' '$work/out'; sleep 60"
for _ in $(seq 100); do tmux -L "$socket" capture-pane -p -t t | grep -q Stopped && break; sleep 0.05; done
pid=$(pgrep -n -f "^$bin")
tmux -L "$socket" send-keys -t t Space
sleep 1

frames_since() {  # output bursts >= 5 ms apart from line $1 of the timing file on
  awk -v from="$1" 'NR > from && $1 >= 0.005 { n++ } END { print n + 0 }' "$work/timing"
}
threads() {  # tid name voluntary nonvoluntary cpu_ns
  for task in /proc/$pid/task/*; do
    printf '%s %s %s %s %s\n' "${task##*/}" "$(tr ' ' '_' < "$task/comm")" \
      "$(awk '/^voluntary_ctxt/ { print $2 }' "$task/status")" \
      "$(awk '/^nonvoluntary_ctxt/ { print $2 }' "$task/status")" "$(awk '{ print $1 }' "$task/schedstat")"
  done | sort
}
start_line=$(wc -l < "$work/timing")
threads > "$work/before"
sleep "$seconds"
threads > "$work/after"
frames=$(frames_since "$start_line")
echo "$frames frames in $seconds s ($(awk -v f="$frames" -v s="$seconds" 'BEGIN { printf "%.1f", f / s }') a second)"
echo "per frame, by thread (wake-ups = voluntary context switches):"
join "$work/before" "$work/after" | awk -v f="$frames" '
  { wake = $7 - $3; preempt = $8 - $4; cpu = $9 - $5; tw += wake; tc += cpu
    printf "  %-18s wake-ups %5.2f  preempted %5.2f  CPU %6.1f us\n", $2, wake / f, preempt / f, cpu / f / 1000 }
  END { printf "  %-18s wake-ups %5.2f  CPU %6.1f us a frame, %.2f %% of a core\n", "all threads", tw / f, tc / f / 1000, 0 }' \
  | sed "s/, 0.00 % of a core/, $(join "$work/before" "$work/after" | awk -v s="$seconds" '{ c += $9 - $5 } END { printf "%.2f %% of a core", c / s / 1e7 }')/"

start_line=$(wc -l < "$work/timing")
timeout -s INT "$seconds" strace -f -c -p "$pid" -o "$work/strace" 2>/dev/null || true
frames=$(frames_since "$start_line")
echo "system calls per frame under strace ($frames frames in $seconds s):"
awk -v f="$frames" '$NF ~ /^[a-z_0-9]+$/ && $4 ~ /^[0-9]+$/ && $NF != "total" { printf "  %-18s %6.2f\n", $NF, $4 / f; t += $4 }
  END { printf "  %-18s %6.2f\n", "all", t / f }' "$work/strace"

echo "memory:"
grep -E '^(VmHWM|VmRSS|RssAnon|RssFile|Threads)' "/proc/$pid/status" | awk '{ printf "  %-9s %s %s\n", $1, $2, $3 }'
echo "  shared libraries: $(awk '$6 ~ /\.so/ { print $6 }' "/proc/$pid/maps" | sort -u | xargs -n1 basename | tr '\n' ' ')"
tmux -L "$socket" send-keys -t t q
