#!/usr/bin/env bash
# Which objects of an app's link reference full Foundation (swift-corelibs-foundation, which
# brings CoreFoundation, FoundationInternationalization and ICU, about 2.6 MiB of the running
# app's resident memory): each object file SwiftPM links whose undefined symbols include one that
# libFoundation.a defines, with those symbols demangled. FoundationEssentials is fine.
# SwiftPM links every object of every target and dependency, so any line here puts full
# Foundation in the binary, whether the code runs or not (docs/Measurements.md, memory).
#
# Exits 1 when any object does, so that `make test` fails when full Foundation re-enters
# tide-demo's link. It reads the debug link there (`--debug`): the release link is a slow
# build of its own, and a module's references to Foundation's types and functions are the same
# in both builds (a release build may inline more of them away, never fewer).
#
# Usage: scripts/foundation-references.sh [--debug] [PRODUCT]
#   (default tide-demo of `make release`; build it first: make release, or swift build)
set -euo pipefail
configuration=release
if [ "${1:-}" = --debug ]; then configuration=debug; shift; fi
product=${1:-tide-demo}
# SwiftPM's link to the configuration's folder, not `swift build --show-bin-path`: planning a
# build with other options than the last build's (make test's traits) rewrites its description,
# and the next `make test` rebuilt every target.
bin=$(readlink -f ".build/$configuration")
list=$bin/$product.product/Objects.LinkFileList
[ -f "$list" ] || { echo "foundation-references: no $list; build $product first" >&2; exit 2; }
library=$(dirname "$(readlink -f "$(command -v swift)")")/../lib/swift_static/linux/libFoundation.a
[ -f "$library" ] || { echo "foundation-references: no $library in this toolchain" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
nm --defined-only -g "$library" 2>/dev/null | awk 'NF >= 3 && $2 ~ /^[TDBRS]$/ { print $3 }' | sort -u > "$work/defined"
count=0
while IFS= read -r object; do
  object=${object#\'}; object=${object%\'}
  nm -u "$object" | awk '{ print $2 }' | sort -u | comm -12 - "$work/defined" > "$work/hits" || true
  [ -s "$work/hits" ] || continue
  count=$((count + 1))
  echo "${object#"$bin"/}:"
  swift demangle --simplified < "$work/hits" | sed 's/^/  /'
done < "$list"
echo "$count object files of $product's link reference full Foundation"
[ "$count" -eq 0 ]
