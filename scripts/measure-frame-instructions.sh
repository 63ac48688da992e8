#!/usr/bin/env bash
# Instructions a running stopwatch spends per frame, in the whole process (every thread: the
# runtime's hops, the store, the view, the diff, ncurses), counted by callgrind — deterministic
# where CPU time on a shared machine is not — for tide-demo and for the Swift floor
# (../shared/floor/swift: the same stopwatch in plain Swift on ncurses), side by side.
#
# Each app runs under `valgrind --tool=callgrind` in its own tmux server at 80x24; once the
# stopwatch runs, the counters are zeroed, SECONDS later dumped, and the total is divided by the
# frames drawn meanwhile (calls of ncurses' `doupdate`, which every frame ends with, in both).
# Under valgrind everything runs ~50x slower, so the frame rate is not the app's: the figure is
# instructions per frame, not frames per second.
# Usage: scripts/measure-frame-instructions.sh [path/to/tide-demo] [SECONDS]   (defaults: `make release`'s, 10)
# Environment: FRAME_DUMPS=DIR keeps the callgrind dumps in DIR (for `callgrind_annotate
# --inclusive=yes`, to see where a frame goes); FRAME_FLOOR=no skips the floor; FRAME_CACHE_SIM=yes
# also simulates the caches (callgrind --cache-sim=yes: first-level instruction and data misses,
# last-level misses, on the host's cache geometry) and prints them a frame — the VM has no
# hardware counters, and the instructions alone do not say why a frame costs more time.
# FRAME_CALLGRIND_OPTIONS adds options to callgrind's: `--dump-instr=yes` with FRAME_DUMPS keeps
# the address of each instruction, for scripts/frame-code-lines.py (the lines of code a frame runs).
set -euo pipefail
bin=${1:-$(swift build -c release --static-swift-stdlib --show-bin-path)/tide-demo}
seconds=${2:-10}
[ -x "$bin" ] || { echo "measure-frame-instructions: build it first: make release" >&2; exit 1; }
for tool in tmux valgrind callgrind_control callgrind_annotate objcopy; do
  command -v $tool >/dev/null || { echo "measure-frame-instructions: $tool is required" >&2; exit 1; }
done
here=$(dirname "$(readlink -f "$0")")
floor=$here/../../shared/floor/swift
work=$(mktemp -d)
servers=()
trap 'for s in "${servers[@]}"; do tmux -L "$s" kill-server 2>/dev/null || true; done; rm -rf "$work"' EXIT

[ "${FRAME_FLOOR:-yes}" = no ] && floor=/nonexistent
if [ -d "$floor" ]; then
  cp -r "$floor" "$work/floor"
  (cd "$work/floor" && swift build -c release --static-swift-stdlib >/dev/null 2>&1) \
    || { echo "measure-frame-instructions: the Swift floor did not build" >&2; exit 1; }
fi

# measure NAME BINARY ARGS...: prints "NAME: I instructions a frame (F frames, T instructions)".
measure() {
  local name=$1 program=$2; shift 2
  local server=tide-frames-$$-$name
  servers+=("$server")
  # valgrind cannot read the DWARF of the static Swift runtime; the symbol table is enough.
  objcopy --strip-debug "$program" "$work/$name"
  tmux -L "$server" new-session -d -x 80 -y 24 \
    "valgrind --tool=callgrind ${FRAME_CALLGRIND_OPTIONS:-} --cache-sim=${FRAME_CACHE_SIM:-no} --compress-strings=no --callgrind-out-file='$work/$name.out' '$work/$name' $* 2>'$work/$name.log'"
  local deadline=$((SECONDS + 60))
  until tmux -L "$server" capture-pane -p | grep -q Stopped; do
    (( SECONDS < deadline )) || { echo "measure-frame-instructions: $name showed no stopwatch within 60 s" >&2; exit 1; }
    sleep 0.2
  done
  tmux -L "$server" send-keys Space
  sleep 3
  local pid
  pid=$(pgrep -f "callgrind-out-file=$work/$name.out" | while read -r p; do
    [ "$(cat /proc/"$p"/comm 2>/dev/null)" != bash ] && echo "$p"; done | tail -1)
  callgrind_control -z "$pid" >/dev/null 2>&1
  sleep "$seconds"
  callgrind_control -d "$pid" >/dev/null 2>&1
  tmux -L "$server" send-keys q
  sleep 2
  local dump
  dump=$(ls "$work/$name.out".* | head -1)
  local total frames
  total=$(sed -n 's/^summary: //p' "$dump" | awk '{ print $1 }')
  # Every frame ends in ncurses' doupdate_sp (tide's doupdate and the floor's refresh both call it).
  if [ -n "${FRAME_DUMPS:-}" ]; then mkdir -p "$FRAME_DUMPS" && cp "$dump" "$FRAME_DUMPS/$name.callgrind"; fi
  frames=$(awk '/^cfn=.*doupdate_sp$/ { want = 1; next }
    want && /^calls=/ { split($1, a, "="); n += a[2] } { want = 0 } END { print n + 0 }' "$dump")
  awk -v n="$name" -v t="$total" -v f="$frames" \
    'BEGIN { printf "%s: %.0f instructions a frame (%d frames, %d instructions in the window)\n", n, (f ? t / f : 0), f, t }'
  if [ "${FRAME_CACHE_SIM:-no}" = yes ]; then
    paste <(sed -n 's/^events: //p' "$dump" | tr ' ' '\n') <(sed -n 's/^summary: //p' "$dump" | tr ' ' '\n') \
      | awk -v f="$frames" 'NR > 1 { printf "  %-5s %9.0f a frame\n", $1, (f ? $2 / f : 0) }'
  fi
}

measure tide "$bin" --screen stopwatch --data "$work/todos.json"
if [ -x "$work/floor/.build/release/stopwatch-swift" ]; then
  measure swift-floor "$work/floor/.build/release/stopwatch-swift"
fi
