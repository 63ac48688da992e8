#!/usr/bin/env bash
# Rewrites scripts/tide-demo.order: the functions the interactive app runs from start-up through
# a short session (each screen, a few keys, a todo added and toggled, quit), one symbol a line.
# Release links place them together (Makefile RELEASE_LINK), so the pages start-up and idle touch
# are few and adjacent: the kernel maps code in 64 KiB runs, and scattered hot functions made the
# whole statically linked runtime resident (17.1 MiB idle; 12.6 MiB with this order and
# packed relocations). The functions of the running stopwatch's frames come first, so a frame's
# code lies on few pages (90 with `make release`'s function sections; docs/Measurements.md).
# Functions not listed are laid out as before; names the binary lacks are skipped, so a stale
# order costs memory, never correctness. Rerun it after large changes to start-up or the runtime.
# Usage: scripts/make-order-file.sh [path/to/tide-demo]   (default: the release build)
set -euo pipefail
bin=${1:-$(swift build -c release --static-swift-stdlib --show-bin-path)/tide-demo}
[ -x "$bin" ] || { echo "make-order-file: build it first: make release" >&2; exit 1; }
for tool in tmux valgrind callgrind_control pgrep objcopy nm; do
  command -v $tool >/dev/null || { echo "make-order-file: $tool is required" >&2; exit 1; }
done
out=$(dirname "$0")/tide-demo.order
work=$(mktemp -d)
socket=tide-order-$$
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT

# valgrind cannot read the DWARF of the static runtime; the symbol table is all it needs here.
objcopy --strip-debug "$bin" "$work/tide-demo"
tmux -L "$socket" new-session -d -x 80 -y 24 -s order \
  "valgrind --tool=callgrind --demangle=no --callgrind-out-file='$work/callgrind.out' '$work/tide-demo' --data '$work/todos.json' 2>'$work/valgrind.log'"
screen() { tmux -L "$socket" capture-pane -p -t order 2>/dev/null; }
wait_for() {
  local deadline=$((SECONDS + 60))
  until screen | grep -q -- "$1"; do
    (( SECONDS < deadline )) || { echo "make-order-file: waited 60 s for '$1' on screen" >&2; exit 1; }
    sleep 0.2
  done
}
keys() { tmux -L "$socket" send-keys -t order "$@"; }
wait_for "Count: 0"
keys +; wait_for "Count: 1"; keys +; wait_for "Count: 2"; keys -; wait_for "Count: 1"
keys Tab; wait_for "00:00\.00"; keys Space; wait_for "00:00\.0[1-9]\|00:00\.[1-9]\|00:0[1-9]\."
# The running stopwatch's frames, dumped apart: their functions go first, together.
pid=$(pgrep -f -- "^[^ ]*valgrind[^ ]* .*--callgrind-out-file=$work/") \
  || { echo "make-order-file: found no valgrind process to dump" >&2; exit 1; }
callgrind_control --dump=before-running "$pid" >/dev/null; sleep 2
callgrind_control --dump=running "$pid" >/dev/null; keys Space
keys Tab; wait_for "Filter"; keys a; sleep 0.5; keys -l milk; keys Enter; wait_for "milk"; keys Space; wait_for "\[x\] milk"
keys Tab; sleep 0.5; keys q
deadline=$((SECONDS + 60))
until [ -s "$work/callgrind.out" ] && ! tmux -L "$socket" has-session -t order 2>/dev/null; do
  (( SECONDS < deadline )) || { echo "make-order-file: the app did not quit within 60 s" >&2; exit 1; }
  sleep 0.2
done

# Every function callgrind saw run, kept if the binary defines it: first those of the running
# stopwatch's frames (the code a frame touches, on as few pages and cache lines as can be), then
# the rest in the order the session first named them.
nm --defined-only "$bin" | awk '{ print $3 }' | sort -u > "$work/defined"
names() { sed -n -E 's/^c?fn=\([0-9]+\) (.+)$/\1/p' "$@"; }
# callgrind writes the dumps asked for as callgrind.out.1 (start-up) and .2 (running), and the
# one at exit as callgrind.out.
running=$(grep -l "^desc: Trigger: dump running$" "$work"/callgrind.out*) \
  || { echo "make-order-file: callgrind wrote no dump of the running stopwatch" >&2; exit 1; }
{ names "$running"; for part in "$work"/callgrind.out.1 "$work"/callgrind.out.2 "$work"/callgrind.out; do names "$part"; done; } \
  | awk '!seen[$0]++' \
  | awk 'NR == FNR { defined[$0] = 1; next } defined[$0]' "$work/defined" - > "$out"
echo "make-order-file: wrote $(wc -l < "$out") symbols to $out"
