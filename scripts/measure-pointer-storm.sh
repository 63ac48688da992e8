#!/usr/bin/env bash
# Key to screen in tide-form with and without a pointer storm: about 1,000 wheel reports a second
# (SGR bytes, STORM_BURST (28) every 20 ms plus the time `tmux send-keys -l` takes to write them
# to the pane: 28 reach about 1,000 a second here, 20 only 730) over the Plan list, while
# 20 keys are typed into Name one by one, each timed from `send-keys` to its character on screen
# (the pane polled every 2 ms: an upper bound that includes tmux's own latency). Also the app's
# CPU time over each run (utime + stime from /proc/PID/stat), which load on the machine does not
# inflate as it does the wall clock: what the storm costs the app itself.
# Usage: scripts/measure-pointer-storm.sh [path/to/tide-form]
set -euo pipefail
binary=${1:-.build/debug/tide-form}
socket=tide-storm-$$
session=storm
t() { tmux -L "$socket" -f /dev/null "$@"; }
bursts=$(mktemp)
trap 't kill-server 2>/dev/null || true; rm -f "$bursts"' EXIT

measure() {  # $1: "storm" or "quiet"
  t new-session -d -x 100 -y 24 -s "$session" "env LC_ALL=C.UTF-8 TERM=tmux-256color $binary"
  until t capture-pane -p -t "$session" | grep -q "Submit"; do sleep 0.01; done
  local pid; pid=$(t display -p -t "$session" '#{pane_pid}')
  local ticks; ticks=$(getconf CLK_TCK)
  cpu() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
  local cpu_start; cpu_start=$(cpu)
  local wall_start; wall_start=$(date +%s%N)
  local storm_pid=""
  if [[ $1 == storm ]]; then
    local notch=$'\e[<65;13;7M'
    local burst=""
    for _ in $(seq "${STORM_BURST:-28}"); do burst+=$notch; done
    : > "$bursts"
    ( while true; do t send-keys -t "$session" -l "$burst"; echo >> "$bursts"; sleep 0.02; done ) &
    storm_pid=$!
    sleep 0.5
  fi
  local typed=""
  for n in $(seq 20); do
    local key; key=$(printf "\\x$(printf %x $((96 + n)))")
    typed+=$key
    local sent; sent=$(date +%s%N)
    t send-keys -t "$session" -l "$key"
    until t capture-pane -p -t "$session" | grep -qE "Name: +$typed"; do
      (( $(date +%s%N) - sent < 5000000000 )) || { echo "no frame for key $n" >&2; exit 1; }
      sleep 0.002
    done
    echo $(( ($(date +%s%N) - sent) / 1000 ))
    sleep 0.05
  done | sort -n | awk -v what="$1" '{ v[NR] = $1 } END {
    printf "%s: key to screen, 20 keys: median %.1f ms, worst %.1f ms\n", what, v[int((NR + 1) / 2)] / 1000, v[NR] / 1000 }'
  awk -v what="$1" -v used=$(( $(cpu) - cpu_start )) -v hz="$ticks" -v ns=$(( $(date +%s%N) - wall_start )) \
    'BEGIN { printf "%s: app CPU %.0f ms over %.1f s (%.1f %% of a core)\n", what, used * 1000 / hz, ns / 1e9, used / hz * 1e11 / ns }'
  if [[ -n $storm_pid ]]; then
    kill "$storm_pid"
    echo "$1: $(( $(wc -l < "$bursts") * ${STORM_BURST:-28} )) wheel reports sent"
  fi
  t kill-session -t "$session"
}

measure quiet
measure storm
measure quiet
measure storm
