#!/usr/bin/env bash
# Where the running stopwatch's memory is: peak and resident by kind (/proc/PID/status), by
# mapping (scripts/memory-map.py: the binary's code, read-only data and data, each shared
# library, the heap, malloc's arenas, each thread's stack) and, given lld's map of the link, the
# binary's resident pages by the library their sections come from (scripts/resident-by-library.py:
# the Swift runtime, Foundation, FoundationEssentials, ICU, our modules).
#
# Runs the app in tmux at 80x24 on the stopwatch screen, starts the stopwatch, and reads the
# figures after SECONDS of running. The binary's pages are dropped from the page cache and faulted
# back by one `--version` first, as scripts/measure-app.sh does: how the file was last written
# otherwise decides the page cache's folio sizes, and with them how much each page fault maps.
#
# Usage: scripts/measure-memory.sh [TIDE_DEMO] [MAP_FILE] [SECONDS]
#   (default: the `make release` binary, no map, 5 s). For a map, link once more with the release
#   flags plus `-Xlinker -Map=FILE` (pagemap needs root).
set -euo pipefail
here=$(dirname "$(readlink -f "$0")")
bin=${1:-$(swift build -c release --static-swift-stdlib --show-bin-path)/tide-demo}
map=${2:-}
seconds=${3:-5}
[ -x "$bin" ] || { echo "measure-memory: build it first: make release" >&2; exit 1; }
command -v tmux >/dev/null || { echo "measure-memory: tmux is required" >&2; exit 1; }
dd if="$bin" iflag=nocache count=0 status=none
"$bin" --version > /dev/null
work=$(mktemp -d)
socket=tide-memory-$$
trap 'tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"' EXIT
tmux -L "$socket" -f /dev/null new-session -d -x 80 -y 24 -s t \
  "env LC_ALL=C.UTF-8 TERM=tmux-256color $bin --screen stopwatch --data $work/s.json; sleep 60"
for _ in $(seq 200); do tmux -L "$socket" capture-pane -p -t t | grep -q Stopped && break; sleep 0.05; done
pid=$(pgrep -n -f "^$bin")
tmux -L "$socket" send-keys -t t Space
sleep "$seconds"
echo "after $seconds s running:"
grep -E '^(VmHWM|VmRSS|RssAnon|RssFile|Threads)' "/proc/$pid/status" | awk '{ printf "  %-9s %s %s\n", $1, $2, $3 }'
python3 "$here/memory-map.py" "$pid"
if [ -n "$map" ]; then
  python3 "$here/resident-by-library.py" "$pid" "$map"
fi
