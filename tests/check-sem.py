#!/usr/bin/env python3
"""SEM, the ns-3 Simulation Execution Manager, drives diameter-sweep (issue 26).

Usage: check-sem.py DIAMETER_SWEEP SEM_KIT_FOLDER

Runs SEM 0.3.7's own code, unpacked from SEM_KIT_FOLDER/sem-kit.tar.xz (its
SHA256SUMS checked) into a temporary folder, on the built program:

  * parameter discovery: sem.CampaignManager.new reads the program's options
    from --PrintHelp and ns-3's globals from --PrintGlobals.  SEM wants an
    ns-3 tree (it runs "./ns3 build" and looks the program up in ns-3's build
    status file), so the test makes a throwaway one: an ns3 script that
    builds nothing and a .lock-ns3_<platform>_build naming the program.
    Checked: SEM finds exactly the program's options (the names of its
    --help), with the defaults it prints (numbers as floats, flags as
    booleans, "" for the options without a default) and no extra global;
  * simulations: run_missing_simulations on a small campaign (two families,
    two diameters, two runs), SEM passing every option as --name=value with
    those defaults ("--nodes=", "--m=256.0", "--quiet=False", ...).  Checked:
    every run exits 0 and writes its CSVs into its own folder (the outputs
    default into the current folder), its per-run row holds the family,
    diameter, RngRun and defaults asked for, and each CSV is byte-identical to the
    one the program writes when run by hand with only the swept options and
    the same --RngRun, so SEM's defaults mean the same as no option.

Exits 77 (CTest: skipped) with a message when the Debian packages SEM needs
are missing (the kit's README lists them; .ci/run installs them), 1 listing
the problems, 0 after printing OK.
"""
import csv
import hashlib
import importlib
import os
import re
import subprocess
import sys
import tarfile
import tempfile

# Debian packages SEM imports (module -> package), as the kit's README lists.
DEBIAN = {"numpy": "python3-numpy", "scipy": "python3-scipy", "pandas": "python3-pandas",
          "matplotlib": "python3-matplotlib", "xarray": "python3-xarray",
          "tqdm": "python3-tqdm", "click": "python3-click", "dill": "python3-dill",
          "git": "python3-git", "multiprocess": "python3-multiprocess"}
KIT_PATHS = ["sem-0.3.7", "tinydb-4.8.2", "SALib-1.5.1/src", "drmaa-python-0.7.9"]
SWEEP = {"diameters": ["2", "4"], "filter": ["bf", "lbf"], "sim-time": [20],
         "quiet": [True]}
RUNS = 2

problems = []


def check(ok, text):
    if not ok:
        problems.append(text)
    return ok


def unpack_kit(kit_dir, dest):
    sums = os.path.join(kit_dir, "SHA256SUMS")
    with open(sums, encoding="utf-8") as f:
        for line in f:
            digest, name = line.split()
            with open(os.path.join(kit_dir, name.lstrip("*")), "rb") as g:
                actual = hashlib.sha256(g.read()).hexdigest()
            if actual != digest:
                sys.exit("check-sem: %s does not match SHA256SUMS" % name)
    with tarfile.open(os.path.join(kit_dir, "sem-kit.tar.xz")) as tar:
        tar.extractall(dest)
    for path in KIT_PATHS:
        sys.path.insert(0, os.path.join(dest, path))


def fake_ns3_tree(root, program):
    """A folder SEM takes for an ns-3 >= 3.36 tree holding `program`."""
    os.makedirs(root)
    with open(os.path.join(root, "ns3"), "w", encoding="utf-8") as f:
        f.write("import sys\nsys.exit(0)  # SEM runs ./ns3 build: nothing to build\n")
    with open(os.path.join(root, ".lock-ns3_%s_build" % sys.platform), "w",
              encoding="utf-8") as f:
        f.write("ns3_runnable_programs = [%r]\n" % program)


def program_options(program):
    """Option names of --help and the defaults of --PrintHelp's lines."""
    text = subprocess.run([program, "--help"], capture_output=True, text=True,
                          check=True).stdout
    names = set(re.findall(r"^\s+(?:-\w \[ )?--([a-z0-9-]+)", text, re.MULTILINE))
    text = subprocess.run([program, "--PrintHelp"], capture_output=True, text=True,
                          check=True).stdout
    defaults = dict(re.findall(r"^    --([a-z0-9-]+):\s.*\[([^\[\]]*)\]$", text, re.MULTILINE))
    return names, defaults


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    program = os.path.abspath(sys.argv[1])
    kit_dir = sys.argv[2]
    missing = []
    for module, package in DEBIAN.items():
        try:
            importlib.import_module(module)
        except ImportError:
            missing.append(package)
    # SEM needs Debian's modules: run under Debian's Python when this one
    # (a pyenv or venv python3) lacks them.
    debian = "/usr/bin/python3"
    if (missing and os.path.realpath(sys.executable) != os.path.realpath(debian)
            and os.access(debian, os.X_OK)):
        probe = subprocess.run([debian, "-c", "import " + ", ".join(DEBIAN)],
                               capture_output=True)
        if probe.returncode == 0:
            return subprocess.run([debian] + sys.argv).returncode
    if missing:
        print("SKIP: SEM needs the Debian packages %s (apt-get install -y %s; .ci/run "
              "installs them)" % (", ".join(missing), " ".join(missing)))
        return 77
    if not os.path.isfile(os.path.join(kit_dir, "sem-kit.tar.xz")):
        print("check-sem: no SEM kit at %s (expected sem-kit.tar.xz and SHA256SUMS)" % kit_dir)
        return 1
    with tempfile.TemporaryDirectory(prefix="check-sem-") as tmp:
        unpack_kit(kit_dir, os.path.join(tmp, "kit"))
        import sem  # noqa: E402 (from the kit just unpacked)

        check(os.path.dirname(sem.__file__).startswith(tmp),
              "sem imported from %s, not the kit" % sem.__file__)
        tree = os.path.join(tmp, "ns-3")
        fake_ns3_tree(tree, program)
        campaign = sem.CampaignManager.new(tree, "diameter-sweep", os.path.join(tmp, "campaign"),
                                           runner_type="SimulationRunner", overwrite=True,
                                           optimized=False, check_repo=False,
                                           skip_configuration=True)

        # Parameter discovery.
        params = campaign.db.get_params()
        names, printed = program_options(program)
        # --config is not a parameter of a run: --PrintHelp lists it with the
        # general arguments, so SEM never passes it (empty, it is refused).
        names.discard("config")
        check(set(params) == names,
              "SEM's parameters differ from the options: only SEM %s, only --help %s"
              % (sorted(set(params) - names), sorted(names - set(params))))
        check(set(printed) == names, "--PrintHelp lines without a default: %s"
              % sorted(names - set(printed)))
        expected = {"nodes": "", "diameters": "", "map-csv": "", "map-time": "", "config": None,
                    "quiet": False, "help": False, "dry-run": False, "m": 256.0,
                    "sim-time": 60.0, "topology": "line", "filter": "all",
                    "out": "diameter-sweep.csv", "RngRun": None}
        for name, value in expected.items():
            if value is None:
                check(name not in params, "SEM took %s (a global or general argument) for a parameter" % name)
            else:
                check(params.get(name, "absent") == value and
                      type(params.get(name)) is type(value),
                      "SEM read --%s's default as %r, expected %r"
                      % (name, params.get(name, "absent"), value))

        # Simulations: SEM passes every option, the unswept ones at their defaults.
        campaign.run_missing_simulations(SWEEP, runs=RUNS, stop_on_errors=True)
        results = campaign.db.get_results()
        check(len(results) == 4 * RUNS, "%d results, expected %d" % (len(results), 4 * RUNS))
        by_hand = os.path.join(tmp, "by-hand")
        for result in results:
            p, meta = result["params"], result["meta"]
            label = "run %s (%s)" % (meta["id"], ", ".join(
                "%s=%s" % (k, p[k]) for k in sorted(SWEEP) + ["RngRun"]))
            if not check(meta["exitcode"] == 0, "%s: exit code %s" % (label, meta["exitcode"])):
                continue
            files = campaign.db.get_result_files(result)
            check(set(files) >= {"diameter-sweep.csv", "diameter-sweep-by-distance.csv",
                                 "stdout", "stderr"},
                  "%s: files %s" % (label, sorted(files)))
            # The same run by hand: only the swept options and --RngRun.
            folder = os.path.join(by_hand, meta["id"])
            os.makedirs(folder)
            args = [program, "--diameters", str(p["diameters"]), "--filter", p["filter"],
                    "--sim-time", "20", "--quiet", "--RngRun=%d" % p["RngRun"]]
            run = subprocess.run(args, cwd=folder, capture_output=True, text=True)
            if not check(run.returncode == 0, "%s by hand: %s" % (label, run.stderr.strip())):
                continue
            for name in ("diameter-sweep.csv", "diameter-sweep-by-distance.csv"):
                if name not in files:
                    continue
                with open(files[name], "rb") as f, open(os.path.join(folder, name), "rb") as g:
                    sem_bytes, hand_bytes = f.read(), g.read()
                check(sem_bytes == hand_bytes and sem_bytes.count(b"\n") >= 2,
                      "%s: SEM's %s differs from the run by hand" % (label, name))
            # The values SEM asked for, in the per-run CSV.
            if "diameter-sweep.csv" in files:
                with open(files["diameter-sweep.csv"], encoding="utf-8") as f:
                    rows = list(csv.DictReader(f))
                check(len(rows) == 1 and rows[0]["filter"] == p["filter"]
                      and rows[0]["diameter"] == str(p["diameters"])
                      and rows[0]["run"] == str(p["RngRun"]) and rows[0]["sim_time"] == "20"
                      and rows[0]["m"] == "256" and rows[0]["topology"] == "line",
                      "%s: per-run CSV rows %s" % (label, [
                          {k: r.get(k) for k in ("filter", "diameter", "run", "sim_time", "m")}
                          for r in rows]))
        runs = {(r["params"]["diameters"], r["params"]["filter"], r["params"]["RngRun"])
                for r in results}
        check(len(runs) == len(results), "two results of the same run")
    if problems:
        print("check-sem: %d problem(s):" % len(problems))
        for problem in problems:
            print("  " + problem)
        return 1
    print("check-sem: OK (SEM %s: %d parameters read, %d simulations run and compared)"
          % (getattr(sem, "__version__", "0.3.7"), len(params), len(results)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
