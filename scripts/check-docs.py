#!/usr/bin/env python3
"""Fails when a library's documentation leaves an app author stranded.

Usage: check-docs.py TARGET COVERAGE_JSON SYMBOL_GRAPH_DIR [SITE_DATA_DIR]

Two rules, for every public product (run by `make docs` after DocC built the site):
  1. every public type, and every other module's type it extends, is placed in a topic of the
     catalog — DocC's `--experimental-documentation-coverage` "Curated" column for types, which
     must be 100 %.
     That column also counts a type DocC put in one of its own automatic groups ("Structures",
     "Enumerations"…) on the module's page, which is no topic an author wrote: with the built
     site's data (SITE_DATA_DIR, `make docs` passes it), a top-level type must also be listed
     in a topic section written in the catalog (a module page, an article or an extension
     file), and so must another module's type it extends (`Swift/String`). A nested type
     (`SelectionList.State`) is found on its parent's page, so DocC's groups there place it;
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
# Another module's type this one extends (`extension String`): its page lists the extension's
# members, and it is placed in a topic too, so DocC's own coverage figure agrees with ours.
EXTENDED_TYPE_KINDS = {"Extended " + kind for kind in ("Structure", "Class", "Enumeration", "Protocol", "Actor")}


def main() -> int:
    if len(sys.argv) not in (4, 5):
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    target, coverage_path, graph_dir = sys.argv[1:4]
    site_data = sys.argv[4] if len(sys.argv) == 5 else None
    with open(coverage_path) as file:
        coverage = json.load(file)

    problems = []
    types = [
        entry for entry in coverage
        if entry["kind"]["isSymbol"] and entry["kind"]["name"] in TYPE_KINDS | EXTENDED_TYPE_KINDS]
    for entry in types:
        if not entry["isCurated"]:
            path = entry["referencePath"].split("/documentation/", 1)[-1]
            problems.append(f"{target}: {entry['kind']['name'].lower()} {path} is in no topic")
    if site_data is not None:
        written = written_topics(site_data)
        module_prefix = f"doc://{target}/documentation/{target}/"
        for entry in types:
            reference = entry["referencePath"]
            # Another module's type (`Swift/String`) has a slash in its path but no parent page
            # of ours: like a top-level type, it must be listed in a topic an author wrote.
            nested = "/" in reference.removeprefix(module_prefix) and entry["kind"]["name"] not in EXTENDED_TYPE_KINDS
            if entry["isCurated"] and not nested and reference not in written:
                path = reference.split("/documentation/", 1)[-1]
                entry["isCurated"] = False
                problems.append(
                    f"{target}: {entry['kind']['name'].lower()} {path} is only in DocC's automatic groups, in no topic of the catalog")
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


def written_topics(site_data: str) -> set:
    """Every reference listed in a topic section an author wrote, on any page of the site."""
    written = set()
    for path in glob.glob(os.path.join(site_data, "**", "*.json"), recursive=True):
        with open(path) as file:
            page = json.load(file)
        for section in page.get("topicSections", []):
            if not section.get("generated"):
                written.update(section.get("identifiers", []))
    return written


if __name__ == "__main__":
    sys.exit(main())
