#!/usr/bin/env python3
"""Fails when a library's documentation leaves an app author stranded.

Usage: check-docs.py TARGET COVERAGE_JSON SYMBOL_GRAPH_DIR

Two rules, for every public product (run by `make docs` after DocC built the site):
  1. every public type (top-level or nested) is placed in a topic of the catalog — DocC's
     `--experimental-documentation-coverage` "Curated" column for types, which must be 100 %;
  2. every public declaration has a doc comment. Members the compiler synthesizes or inherits
     from a protocol's default implementations (`!=`, `map` on a Sequence…) are not declarations
     of ours; an implementation of a protocol requirement may inherit the requirement's comment,
     which the symbol graph already shows as its comment.

Prints one summary line, then each problem on its own line, and exits 1 if there is any.
"""
import glob
import json
import os
import sys

TYPE_KINDS = {"Structure", "Class", "Enumeration", "Protocol", "Type Alias", "Actor"}


def main() -> int:
    if len(sys.argv) != 4:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    target, coverage_path, graph_dir = sys.argv[1:]
    with open(coverage_path) as file:
        coverage = json.load(file)

    problems = []
    types = [entry for entry in coverage if entry["kind"]["isSymbol"] and entry["kind"]["name"] in TYPE_KINDS]
    for entry in types:
        if not entry["isCurated"]:
            path = entry["referencePath"].split("/documentation/", 1)[-1]
            problems.append(f"{target}: {entry['kind']['name'].lower()} {path} is in no topic")
    curated = sum(1 for entry in types if entry["isCurated"])

    graphs = glob.glob(os.path.join(graph_dir, "*.symbols.json"))
    if not graphs:
        print(f"{target}: error: no symbol graph in {graph_dir}", file=sys.stderr)
        return 2
    declarations = documented = 0
    for graph_path in graphs:
        with open(graph_path) as file:
            graph = json.load(file)
        for symbol in graph["symbols"]:
            if symbol["accessLevel"] not in ("public", "open"):
                continue
            if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
                continue
            if symbol["kind"]["identifier"] == "swift.extension":
                continue  # an extension block is not a declaration; its members are checked
            declarations += 1
            if symbol.get("docComment", {}).get("lines"):
                documented += 1
            else:
                name = ".".join(symbol["pathComponents"])
                problems.append(f"{target}: {symbol['kind']['displayName'].lower()} {name} has no doc comment")

    print(
        f"{target}: {curated} of {len(types)} public types in a topic; "
        f"{documented} of {declarations} public declarations documented")
    for problem in sorted(set(problems)):
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
