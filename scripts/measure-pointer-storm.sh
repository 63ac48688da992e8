#!/usr/bin/env bash
# Key to screen in tide-form with and without a pointer storm: 1,000 wheel reports a second (SGR
# bytes, 20 every 20 ms, written to the pane with `tmux send-keys -l`) over the Plan list, while
# 20 keys are typed into Name one by one, each timed from `send-keys` to its character on screen
# (the pane polled every 2 ms: an upper bound that includes tmux's own latency).
# Usage: scripts/measure-pointer-storm.sh [path/to/tide-form]
set -euo pipefail
binary=${1:-.build/debug/tide-form}
socket=tide-storm-$$
session=storm
t() { tmux -L "$socket" -f /dev/null "$@"; }
trap 't kill-server 2>/dev/null || true' EXIT

measure() {  # $1: "storm" or "quiet"
  t new-session -d -x 100 -y 24 -s "$session" "env LC_ALL=C.UTF-8 TERM=tmux-256color $binary"
  until t capture-pane -p -t "$session" | grep -q "Submit"; do sleep 0.01; done
  local storm_pid=""
  if [[ $1 == storm ]]; then
    local notch=$'\e[<65;13;7M'
    local burst=""
    for _ in $(seq 20); do burst+=$notch; done
    ( while true; do t send-keys -t "$session" -l "$burst"; sleep 0.02; done ) &
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
  [[ -n $storm_pid ]] && kill "$storm_pid"
  t kill-session -t "$session"
}

measure quiet
measure storm
measure quiet
measure storm
