#!/usr/bin/env bash
# Which objects of an app's release link reference full Foundation (swift-corelibs-foundation,
# which brings CoreFoundation, FoundationInternationalization and ICU, about 2.6 MiB of the
# running app's resident memory): each object file SwiftPM links whose undefined symbols include
# one that libFoundation.a defines, with those symbols demangled. FoundationEssentials is fine.
# SwiftPM links every object of every target and dependency, so any line here puts full
# Foundation in the binary, whether the code runs or not (README, issue 18 item 7, sixth pass).
#
# Usage: scripts/foundation-references.sh [PRODUCT]   (default tide-demo; build it first: make release)
set -euo pipefail
product=${1:-tide-demo}
bin=$(swift build -c release --static-swift-stdlib --show-bin-path)
list=$bin/$product.product/Objects.LinkFileList
[ -f "$list" ] || { echo "foundation-references: no $list; build it first: make release" >&2; exit 1; }
library=$(dirname "$(readlink -f "$(command -v swift)")")/../lib/swift_static/linux/libFoundation.a
[ -f "$library" ] || { echo "foundation-references: no $library in this toolchain" >&2; exit 1; }
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
echo "$count object files reference full Foundation"
