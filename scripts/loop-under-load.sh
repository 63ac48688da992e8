#!/bin/bash
# Runs the tests matching FILTER N times while two `yes` and the whole suite keep both cores
# busy: how time-sensitive tests are checked to pass on a loaded machine.
#   scripts/loop-under-load.sh 50 "MultiPeriod|StoreActorHostileTests|TimerTests"
# Runs a copy of the built test bundle, so a build during the loop cannot replace it.
set -u
runs=${1:?runs}; filter=${2:?filter}
root=$(cd "$(dirname "$0")/.." && pwd)
copy=$(mktemp -d)
cp -a "$root/.build/debug/." "$copy/"
bundle="$copy/TidePackageTests.xctest"
yes > /dev/null & first=$!
yes > /dev/null & second=$!
( while true; do "$bundle" --testing-library swift-testing > /dev/null 2>&1; done ) & suite=$!
trap 'kill $first $second $suite 2>/dev/null; pkill -f "$bundle" 2>/dev/null; rm -rf "$copy"' EXIT
failures=0
for run in $(seq "$runs"); do
  if ! "$bundle" --testing-library swift-testing --filter "$filter" > "$copy/run.log" 2>&1; then
    failures=$((failures + 1))
    grep "✘" "$copy/run.log" | head -5
  fi
done
echo "runs=$runs failures=$failures filter=$filter"
[ "$failures" -eq 0 ]
