#!/usr/bin/env python3
"""analysis/families.json is what the families-json program prints from the
C++ family descriptors (bloom::FilterFamilies), byte for byte, and
analysis/plot_common.py draws each of those families as the file says (its
labels, whether it has distances), each family in a style of its own (the
styles are plot_common's, by family name).
Prints OK, or one line per problem and exits 1.
Usage: check-families-json.py FAMILIES_JSON_PROGRAM REPOSITORY_ROOT
"""
import json
import os
import shutil
import subprocess
import sys

# Prints plot_common.FAMILIES as {key: [label, short, color, marker, line, distance]}.
DUMP = """import json, sys
sys.path.insert(0, sys.argv[1])
import plot_common as pc
print(json.dumps({k: [f.label, f.short, f.color, f.marker, f.line, f.distance]
                  for k, f in pc.FAMILIES.items()}))
"""


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
    # plot_common needs pandas: ask a Python that has it (as check-plot-scripts.py does).
    python = next((c for c in (sys.executable, "/usr/bin/python3", shutil.which("python3"))
                   if c and subprocess.run([c, "-c", "import pandas"],
                                           stderr=subprocess.DEVNULL).returncode == 0), None)
    if python is None:
        sys.exit("check-families-json: no python3 with pandas (apt-get install python3-pandas)")
    drawn = json.loads(subprocess.run(
        [python, "-c", DUMP, os.path.join(root, "analysis")], check=True,
        stdout=subprocess.PIPE).stdout)
    keys = [r["name"] for r in rows]
    if [k for k in drawn if k in keys] != keys:
        problems.append(f"plot_common.FAMILIES orders the gossip families {list(drawn)}, "
                        f"not as the descriptors do ({keys})")
    for r in rows:
        want = [r["title"], r["label"], r["distance"]]
        got = drawn.get(r["name"])
        got = got and [got[0], got[1], got[5]]
        if got != want:
            problems.append(f"plot_common draws {r['name']} as {got}, the descriptor says {want}")
    styles = [tuple(f[2:4]) for f in drawn.values()]
    if len(set(styles)) != len(styles):
        problems.append(f"two families of plot_common.FAMILIES share a colour and marker: {styles}")
    for p in problems:
        print(p)
    if problems:
        sys.exit(1)
    print("OK")


if __name__ == "__main__":
    main()
