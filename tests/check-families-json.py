#!/usr/bin/env python3
"""analysis/families.json is what the families-json program prints from the
C++ family descriptors (bloom::FilterFamilies), byte for byte, and
analysis/plot_common.py draws each of those families as the file says.
Prints OK, or one line per problem and exits 1.
Usage: check-families-json.py FAMILIES_JSON_PROGRAM REPOSITORY_ROOT
"""
import json
import os
import subprocess
import sys


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: check-families-json.py FAMILIES_JSON_PROGRAM REPOSITORY_ROOT")
    program, root = sys.argv[1], sys.argv[2]
    path = os.path.join(root, "analysis", "families.json")
    made = subprocess.run([program], check=True, stdout=subprocess.PIPE).stdout
    with open(path, "rb") as f:
        committed = f.read()
    problems = []
    if made != committed:
        problems.append(f"{path} differs from the C++ descriptors; regenerate it: "
                        f"{program} > analysis/families.json")
    rows = json.loads(made)
    sys.path.insert(0, os.path.join(root, "analysis"))
    import plot_common as pc

    keys = [r["name"] for r in rows]
    if [k for k in pc.FAMILIES if k in keys] != keys:
        problems.append(f"plot_common.FAMILIES orders the gossip families {list(pc.FAMILIES)}, "
                        f"not as the descriptors do ({keys})")
    for r in rows:
        f = pc.FAMILIES.get(r["name"])
        want = (r["title"], r["label"], r["colour"], r["marker"], r["line"], r["distance"])
        got = f and (f.label, f.short, f.color, f.marker, f.line, f.distance)
        if got != want:
            problems.append(f"plot_common draws {r['name']} as {got}, the descriptor says {want}")
    styles = [(f.color, f.marker) for f in pc.FAMILIES.values()]
    if len(set(styles)) != len(styles):
        problems.append(f"two families of plot_common.FAMILIES share a colour and marker: {styles}")
    for p in problems:
        print(p)
    if problems:
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
