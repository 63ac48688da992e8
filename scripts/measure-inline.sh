#!/usr/bin/env bash
# Measures an inline app's first frame in a real terminal (tmux, 80x24): from the key that runs
# `x=$(printf … | tide-pick)` under a screen of the shell's lines to the picker's first frame on
# screen (polled every 2 ms: an upper bound that includes tmux's own latency), 5 times.
# Usage: scripts/measure-inline.sh [path/to/tide-pick]   (default: the release build)
set -euo pipefail
bin=${1:-$(swift build -c release --show-bin-path)/tide-pick}
[ -x "$bin" ] || { echo "measure-inline: build it first: swift build -c release --product tide-pick" >&2; exit 1; }
command -v tmux >/dev/null || { echo "measure-inline: tmux is required" >&2; exit 1; }
socket=measure-inline-$$
trap 'tmux -L "$socket" kill-server 2>/dev/null || true' EXIT
for run in 1 2 3 4 5; do
  tmux -L "$socket" -f /dev/null new-session -d -x 80 -y 24 -s m \
    "seq 1 30; read go; x=\$(printf 'apple\nbanana\ncherry\n' | '$bin'); echo \"chose \$x\"; sleep 60"
  sleep 0.3
  start=$(date +%s%N)
  tmux -L "$socket" send-keys -t m Enter
  until tmux -L "$socket" capture-pane -p -t m 2>/dev/null | grep -q "3 items"; do sleep 0.002; done
  first_frame=$(date +%s%N)
  echo "run $run: first inline frame $(( (first_frame - start) / 1000000 )) ms (upper bound, tmux polling)"
  tmux -L "$socket" send-keys -t m Escape
  tmux -L "$socket" kill-session -t m
done
