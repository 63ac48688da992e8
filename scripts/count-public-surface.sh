#!/bin/sh
# Counts the public declarations of Tide's libraries as an app author sees them: each module's
# symbol graph (swift-symbolgraph-extract, public only, members the compiler synthesizes left
# out), its own declarations and its extensions of other modules' types alike. Run after a debug
# build (`swift build`); prints per module the total and the count by kind.
#
#   scripts/count-public-surface.sh                  # TideTerminal, TideTerminalCommand, TideTerminalTesting
#   scripts/count-public-surface.sh Tide TideTesting
#   BIN=/path/to/.build/debug scripts/count-public-surface.sh   # another build's modules
set -eu
cd "$(dirname "$0")/.."
modules=${*:-TideTerminal TideTerminalCommand TideTerminalTesting}
bin=${BIN:-$(swift build --show-bin-path)}
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
for module in $modules; do
  mkdir -p "$out/$module"
  swift-symbolgraph-extract -module-name "$module" -target "$(uname -m)-unknown-linux-gnu" \
    -I "$bin/Modules" -I "$bin" -Xcc -fmodule-map-file="$bin/CNcurses.build/module.modulemap" \
    -Xcc -I -Xcc Sources/CNcurses/include \
    -minimum-access-level public -skip-synthesized-members -output-dir "$out/$module" >/dev/null
  python3 - "$module" "$out/$module" <<'PY'
import collections, glob, json, os, sys
module, folder = sys.argv[1], sys.argv[2]
kinds = collections.Counter()
folders = collections.Counter()
for path in glob.glob(os.path.join(folder, "*.symbols.json")):
    with open(path) as file:
        for symbol in json.load(file)["symbols"]:
            if symbol.get("accessLevel") == "public":
                kinds[symbol["kind"]["displayName"]] += 1
                # Sources/MODULE/FOLDER/File.swift: the concern the declaration belongs to.
                parts = symbol.get("location", {}).get("uri", "").split(f"/Sources/{module}/", 1)
                folders[parts[1].split("/")[0] if len(parts) == 2 and "/" in parts[1] else "(no source location)"] += 1
detail = ", ".join(f"{count} {kind.lower()}" for kind, count in kinds.most_common())
print(f"{module}: {sum(kinds.values())} public declarations ({detail})")
if len(folders) > 1:
    print("  by folder: " + ", ".join(f"{name} {count}" for name, count in folders.most_common()))
PY
done
