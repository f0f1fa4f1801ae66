#!/usr/bin/env python3
"""Check that the files of the modules under src/ include one another
without a cycle.

Every component of src/<module>/{filter,model,helper}/ (a header and its
source: name.h and name.cc) is a node; an edge goes from a component to
each component whose header its header or its source includes, written
either "name.h" (same folder) or "ns3/name.h" (ns-3's flat include folder,
where every module's headers land).  Includes of anything else (ns-3's own
headers, the standard library) are left out.  A cycle (a.h or a.cc includes
b.h, and b.h or b.cc includes a.h back, directly or through others) is a
problem: between headers, the include guard hides one side's declarations
from the other depending on which one a source includes first; through a
source, the two components depend on each other and cannot be understood,
tested or moved one without the other (scenario-dynamics.cc included
gossip-scenario-config.h, which included scenario-dynamics.h).

Prints every cycle found (one line per cycle, the headers in include order)
and exits 1, or prints OK.  With --dot, prints the include graph in
Graphviz's dot format instead (and still exits 1 on a cycle).

Usage: check-include-cycles.py [--dot] [REPOSITORY_ROOT]
"""

import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)
FOLDERS = ("util", "filter", "model", "helper")


def headers(root):
    """Every module header: {name.h: path relative to root}."""
    found = {}
    src = os.path.join(root, "src")
    for module in sorted(os.listdir(src)):
        for folder in FOLDERS:
            where = os.path.join(src, module, folder)
            if not os.path.isdir(where):
                continue
            for name in sorted(os.listdir(where)):
                if name.endswith(".h"):
                    if name in found:
                        # ns-3 copies every module's headers into one folder.
                        print("two headers named %s: %s and %s" %
                              (name, found[name], os.path.join("src", module, folder, name)))
                        sys.exit(1)
                    found[name] = os.path.join("src", module, folder, name)
    return found


def graph(root, found):
    """{header: sorted list of the module headers it or its source includes}."""
    edges = {}
    for name, path in found.items():
        text = ""
        for file in (path, path[:-2] + ".cc"):
            if os.path.exists(os.path.join(root, file)):
                with open(os.path.join(root, file), encoding="utf-8") as f:
                    text += f.read()
        targets = set()
        for include in INCLUDE.findall(text):
            base = include[len("ns3/"):] if include.startswith("ns3/") else include
            if "/" not in base and base in found and base != name:
                targets.add(base)
        edges[name] = sorted(targets)
    return edges


def cycles(edges):
    """The strongly connected components of more than one header (Tarjan),
    each as one cycle through it, in include order."""
    index = {}
    low = {}
    stack = []
    on_stack = set()
    components = []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in edges[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)

    found = []
    for component in components:
        members = set(component)
        # A path from the first member back to itself, inside the component.
        start = component[0]
        path = [start]
        seen = {start}

        def walk(v):
            for w in edges[v]:
                if w == start:
                    return True
                if w in members and w not in seen:
                    seen.add(w)
                    path.append(w)
                    if walk(w):
                        return True
                    path.pop()
            return False

        walk(start)
        found.append(path + [start])
    return found


def main(argv):
    dot = "--dot" in argv
    args = [a for a in argv if a != "--dot"]
    root = args[0] if args else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    found = headers(root)
    edges = graph(root, found)
    problems = cycles(edges)
    if dot:
        print("digraph includes {")
        for v in sorted(edges):
            for w in edges[v]:
                print('  "%s" -> "%s";' % (v, w))
        print("}")
    for cycle in problems:
        print("include cycle: " + " -> ".join(c[:-2] for c in cycle) +
              " (a component: its .h and .cc)", file=sys.stderr if dot else sys.stdout)
    if problems:
        return 1
    if not dot:
        print("OK: %d components, %d includes among them, no cycle" %
              (len(edges), sum(len(t) for t in edges.values())))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
