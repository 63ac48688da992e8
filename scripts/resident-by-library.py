#!/usr/bin/env python3
"""Which libraries a running, statically linked binary's resident pages come from.

Reads /proc/PID/pagemap (root only) for the binary's mappings and attributes each resident page
to the input sections that lie in it, using the linker's map file (lld `-Map=FILE`): a page is
counted once, split evenly between the libraries whose sections it holds.

Usage: scripts/resident-by-library.py PID MAP_FILE
Make the map with the release link flags plus `-Xlinker -Map=FILE`."""
import bisect, os, re, struct, sys

PAGE = os.sysconf("SC_PAGE_SIZE")


def library_of(source):
    if "/release/" in source and ".build/" in source:
        module = source.split("/release/")[1].split("/")[0]
        return module.replace(".build", "") + " (package)"
    archive = re.search(r"/lib([^/]+)\.a\(", source)
    if archive:
        return "lib" + archive.group(1) + ".a"
    if source.startswith("<internal>"):
        return "linker (dynamic tables, GOT, PLT)"
    return os.path.basename(source.split("(")[0].split(":")[0])


def input_sections(map_file):
    starts, ends, owners = [], [], []
    for line in open(map_file):
        parts = line.split(None, 4)
        if len(parts) < 5 or not re.match(r"^[0-9a-f]+$", parts[0]):
            continue
        # Input-section lines are indented deeper than output sections and name a file.
        rest = parts[4].rstrip("\n")
        if not rest.startswith(" ") and ":(" not in rest:
            continue
        rest = rest.strip()
        if ":(" not in rest:
            continue
        start, size = int(parts[0], 16), int(parts[2], 16)
        if size == 0:
            continue
        starts.append(start); ends.append(start + size); owners.append(library_of(rest))
    order = sorted(range(len(starts)), key=starts.__getitem__)
    return [starts[i] for i in order], [ends[i] for i in order], [owners[i] for i in order]


def main():
    pid, map_file = int(sys.argv[1]), sys.argv[2]
    exe = os.path.realpath(f"/proc/{pid}/exe")
    starts, ends, owners = input_sections(map_file)
    base = None
    ranges = []
    for line in open(f"/proc/{pid}/maps"):
        fields = line.split()
        if len(fields) >= 6 and os.path.realpath(fields[5]) == exe:
            lo, hi = (int(x, 16) for x in fields[0].split("-"))
            offset = int(fields[2], 16)
            if base is None:
                base = lo - offset  # the first mapping maps file offset 0 at the load address
            ranges.append((lo, hi, fields[1]))
    # Link addresses: PIE binaries are linked at 0, others at their fixed address.
    link_base = base if open(exe, "rb").read(18)[16] == 3 else 0
    totals = {}
    with open(f"/proc/{pid}/pagemap", "rb") as pagemap:
        for lo, hi, perms in ranges:
            pagemap.seek(lo // PAGE * 8)
            entries = pagemap.read((hi - lo) // PAGE * 8)
            for index in range(len(entries) // 8):
                (entry,) = struct.unpack_from("<Q", entries, index * 8)
                if not entry >> 63:
                    continue
                page = lo + index * PAGE - link_base
                first = bisect.bisect_right(starts, page + PAGE) - 1
                found = {}
                i = first
                while i >= 0 and i > first - 4000:
                    if ends[i] > page and starts[i] < page + PAGE:
                        found[owners[i]] = True
                    if starts[i] < page - (1 << 20):
                        break
                    i -= 1
                kind = "code" if "x" in perms else ("data" if "w" in perms else "read-only")
                if not found:
                    found = {"(no section: bss or padding)": True}
                for owner in found:
                    key = (owner, kind)
                    totals[key] = totals.get(key, 0) + PAGE / len(found)
    total = sum(totals.values())
    print(f"binary resident: {total / 1048576:.2f} MiB")
    for (owner, kind), size in sorted(totals.items(), key=lambda item: -item[1])[:40]:
        print(f"  {size / 1048576:6.2f} MiB  {kind:9} {owner}")


if __name__ == "__main__":
    main()
