#!/usr/bin/env python3
"""Compile every source that tests an optional feature of the harness
(BLOOM_GOSSIP_WIFI, _UDP6, _NETANIM: src/bloom-gossip-scenario/CMakeLists.txt)
with every feature off, as an ns-3 tree without those modules builds it
(the ns-3.37 tree of CI: no wifi), with warnings as errors.  The standalone
build turns every feature on, so a variable used only inside a feature's
branch passed it and failed the tree's -Werror build.

    tests/check-features-off.py BUILD_DIR

Reads BUILD_DIR/compile_commands.json; syntax only (-fsyntax-only), one
compiler at a time.  Exit 1 with the compiler's messages on the first
failure."""
import json
import pathlib
import re
import shlex
import subprocess
import sys

FEATURES = re.compile(r"BLOOM_GOSSIP_(WIFI|UDP6|NETANIM)\b")
DEFINE = re.compile(r"^-DBLOOM_GOSSIP_(WIFI|UDP6|NETANIM)=1$")


def main(argv):
    if len(argv) != 2:
        sys.exit("usage: check-features-off.py BUILD_DIR")
    build = pathlib.Path(argv[1])
    commands = json.loads((build / "compile_commands.json").read_text())
    checked = 0
    for entry in commands:
        source = pathlib.Path(entry["file"])
        if "bloom-gossip-scenario" not in source.parts or source.suffix != ".cc":
            continue
        if not FEATURES.search(source.read_text(errors="replace")):
            continue
        args = shlex.split(entry["command"]) if "command" in entry else list(entry["arguments"])
        out = []
        skip = 0
        for a in args:
            if skip:
                skip -= 1
                continue
            if a in ("-o", "-MF", "-MT"):
                skip = 1
                continue
            if a == "-MD" or a.endswith("ccache"):
                continue
            m = DEFINE.match(a)
            out.append(f"-DBLOOM_GOSSIP_{m.group(1)}=0" if m else a)
        out += ["-fsyntax-only", "-Wall", "-Wextra", "-Wpedantic", "-Werror"]
        result = subprocess.run(out, cwd=entry["directory"], capture_output=True, text=True)
        if result.returncode != 0:
            print(f"check-features-off: {source} fails with every feature off:\n{result.stderr}")
            return 1
        checked += 1
    if checked == 0:
        print("check-features-off: no source tests a feature (compile_commands.json?)")
        return 1
    print(f"check-features-off: {checked} sources compile with every feature off")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
