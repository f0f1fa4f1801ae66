#!/usr/bin/env python3
"""The plug-in study (examples/plugin-study, issue 39): a filter family
(hsbf, with its own tunable --scope) and a query strategy (walk, with its
own attribute Bias) from a folder outside src/, built by the standalone
build as a study (BLOOM_GOSSIP_STUDIES) into BUILD/plugin-study/bin/
diameter-sweep, work as the module's own do, through the same harness and
scripts, with no file of src/, analysis/ or scenarios/ written for them.

Usage: check-plugin-study.py BUILD_DIR REPOSITORY_ROOT [SEM_KIT_FOLDER]

Checked, each against the study's program:
  * --filter hsbf and --query-strategy walk run; the queries CSV has walk's
    queries, the per-run CSV hsbf's rows; the same seed gives the same bytes;
  * --scope shows in --help, in --PrintHelp (the line SEM reads) with its
    default, in the option tables (--print-options=rst) and as a config-file
    key; --ns3::HsbfGossipApplication::Scope is refused for --scope;
    --ns3::WalkQueryStrategy::Bias applies only to runs of walk;
  * runs.csv ends with the column scope, hsbf's value in its rows and NA in
    the other families'; the depth column has its levels (scope + 1);
  * analysis/plot-sweep.py draws its line (the series sidecars of
    BG_PLOT_SERIES name HSBF);
  * scenarios/sweep.sh -b BUILD_DIR/plugin-study drives it;
  * SEM drives it (tests/check-sem.py with bf,hsbf; skipped without the kit
    or SEM's Debian packages);
  * the module's own diameter-sweep knows neither (the study's alone).
Exits 1 listing the problems, 0 after printing OK.
"""
import csv
import glob
import os
import subprocess
import sys
import tempfile

problems = []


def check(ok, text):
    if not ok:
        problems.append(text)
    return ok


def run(args, cwd=None, env=None):
    return subprocess.run(args, cwd=cwd, env=env, capture_output=True, text=True)


def plotting_python():
    """A Python with matplotlib and pandas: this one, else Debian's."""
    for candidate in (sys.executable, "/usr/bin/python3"):
        if run([candidate, "-c", "import matplotlib, pandas"]).returncode == 0:
            return candidate
    return None


def rows(path):
    with open(path, encoding="utf-8") as f:
        return list(csv.DictReader(f))


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    build, root = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    kit = sys.argv[3] if len(sys.argv) == 4 else ""
    study = os.path.join(build, "plugin-study")
    program = os.path.join(study, "bin", "diameter-sweep")
    module = os.path.join(build, "bin", "diameter-sweep")
    if not os.access(program, os.X_OK):
        print("check-plugin-study: %s not built (BLOOM_GOSSIP_STUDIES)" % program)
        return 1
    base = ["--topology", "grid", "--diameters", "4,6", "--sim-time", "30", "--quiet"]
    with tempfile.TemporaryDirectory(prefix="check-plugin-study-") as tmp:
        # Its family and strategy run, through the harness.
        sweep = base + ["--filter", "all", "--scope", "2", "--queries", "6", "--query-strategy",
                        "walk,flood", "--query-timeout", "3", "--query-interval", "0.5",
                        "--ns3::WalkQueryStrategy::Bias=0.9"]
        for name in ("a", "b"):
            os.makedirs(os.path.join(tmp, name))
            r = run([program] + sweep + ["--out", os.path.join(tmp, name, "runs.csv")])
            check(r.returncode == 0, "the sweep with hsbf and walk: %s" % r.stderr.strip())
        for suffix in ("runs.csv", "by-distance.csv", "queries.csv"):
            with open(os.path.join(tmp, "a", suffix), "rb") as f, \
                    open(os.path.join(tmp, "b", suffix), "rb") as g:
                check(f.read() == g.read(), "%s differs between two runs of one seed" % suffix)
        runs = rows(os.path.join(tmp, "a", "runs.csv"))
        with open(os.path.join(tmp, "a", "runs.csv"), encoding="utf-8") as f:
            header = f.readline().strip().split(",")
        check(header[-1] == "scope", "runs.csv does not end with scope: %s" % header[-3:])
        hsbf = [r for r in runs if r["filter"] == "hsbf"]
        check(len(hsbf) == 4, "%d hsbf rows (2 networks x 2 strategies)" % len(hsbf))
        check(all(r["scope"] == "2" and r["depth"] == "3" and r["reach"] == "2" for r in hsbf),
              "hsbf rows: scope, depth, reach %s"
              % [(r["scope"], r["depth"], r["reach"]) for r in hsbf])
        check(all(r["scope"] == "NA" for r in runs if r["filter"] != "hsbf"),
              "scope is not NA in the other families' rows")
        check({r["query_strategy"] for r in runs} == {"walk", "flood"}, "strategies %s"
              % sorted({r["query_strategy"] for r in runs}))
        queries = rows(os.path.join(tmp, "a", "queries.csv"))
        walks = [q for q in queries if q["strategy"] == "walk" and q["filter"] == "hsbf"]
        check(len(walks) == 12, "%d walk queries of hsbf, expected 12" % len(walks))
        check(any(q["success"] == "1" for q in walks), "no walk found a holder")

        # Its option: --help, --PrintHelp, the rst tables, a config key, --ns3::.
        help_text = run([program, "--help"]).stdout
        check("--scope arg (=3)" in help_text, "--help has no --scope")
        words = " ".join(help_text.split())
        check("one of bf | lbf | abf | sdbf | dv | hsbf | all" in words,
              "--help's --filter lacks hsbf")
        check("bcir-star, walk;" in words, "--help's --query-strategy lacks walk")
        printed = run([program, "--PrintHelp"]).stdout
        check(any(line.strip().startswith("--scope:") and line.rstrip().endswith("[3]")
                  for line in printed.splitlines()), "--PrintHelp has no --scope line")
        rst = run([program, "--print-options=rst"]).stdout
        check("``--scope``" in rst and "``HsbfGossipApplication::Scope``" in rst,
              "the option tables lack --scope")
        ini = os.path.join(tmp, "study.ini")
        with open(ini, "w", encoding="utf-8") as f:
            f.write("topology = grid\ndiameters = 4\nfilter = hsbf\nscope = 1\nsim-time = 20\n")
        r = run([program, "--config", ini, "--quiet", "--out", os.path.join(tmp, "ini.csv")])
        check(r.returncode == 0 and rows(os.path.join(tmp, "ini.csv"))[0]["scope"] == "1",
              "scope = 1 in a config file: %s" % r.stderr.strip())
        r = run([program, "--filter", "hsbf", "--dry-run", "--quiet",
                 "--ns3::HsbfGossipApplication::Scope=2", "--out", os.path.join(tmp, "x.csv")])
        check(r.returncode == 2 and "use --scope" in r.stderr,
              "--ns3::HsbfGossipApplication::Scope: %s" % r.stderr.strip())
        r = run([program] + base + ["--filter", "hsbf", "--queries", "5", "--query-strategy",
                                    "flood", "--ns3::WalkQueryStrategy::Bias=0.5", "--dry-run",
                                    "--out", os.path.join(tmp, "x.csv")])
        check(r.returncode == 2 and "applies only with --query-strategy walk" in r.stderr,
              "Bias without walk: %s" % r.stderr.strip())
        r = run([program, "--filter", "lbf", "--scope", "2", "--dry-run", "--quiet",
                 "--out", os.path.join(tmp, "x.csv")])
        check(r.returncode == 2 and "only with --filter hsbf or all" in r.stderr,
              "--scope with lbf: %s" % r.stderr.strip())

        # plot-sweep.py draws its line.
        plots = os.path.join(tmp, "plots")
        env = dict(os.environ, BG_PLOT_SERIES="1")
        python = plotting_python()
        check(python is not None, "no python3 with matplotlib and pandas")
        r = run([python or sys.executable, os.path.join(root, "analysis", "plot-sweep.py"),
                 os.path.join(tmp, "a", "runs.csv"), os.path.join(tmp, "a", "by-distance.csv"),
                 plots], env=env)
        if check(r.returncode == 0, "plot-sweep.py: %s" % r.stderr.strip()):
            series = set()
            for sidecar in glob.glob(os.path.join(plots, "hop-accuracy.png.csv")):
                series |= {row["series"] for row in rows(sidecar)}
            check(any("HSBF" in s or "hsbf" in s for s in series),
                  "hop-accuracy.png draws no HSBF line: %s" % sorted(series))

        # sweep.sh drives it.
        out = os.path.join(tmp, "sweep")
        with open(os.path.join(tmp, "hsbf.ini"), "w", encoding="utf-8") as f:
            f.write("topology = grid\ndiameters = 4\nfilter = hsbf\nscope = 2\nsim-time = 20\n")
        r = run(["bash", os.path.join(root, "scenarios", "sweep.sh"), "-b", study, "-s", "1:2",
                 "-j", "2", "-o", out, os.path.join(tmp, "hsbf.ini")])
        if check(r.returncode == 0, "sweep.sh -b %s: %s" % (study, r.stderr.strip()[-300:])):
            swept = rows(os.path.join(out, "runs.csv"))
            check(len(swept) == 2 and all(s["filter"] == "hsbf" and s["scope"] == "2"
                                          for s in swept), "sweep.sh's runs.csv: %s" % swept)

        # SEM drives it.
        if kit:
            r = run([sys.executable, os.path.join(root, "tests", "check-sem.py"), program, kit,
                     "bf,hsbf"])
            if r.returncode == 77:
                print("SEM part skipped: " + r.stdout.strip())
            else:
                check(r.returncode == 0, "SEM: %s" % (r.stdout + r.stderr).strip()[-500:])

        # The module's own program has neither.
        r = run([module, "--filter", "hsbf", "--dry-run", "--quiet", "--out",
                 os.path.join(tmp, "x.csv")])
        check(r.returncode == 2 and "--filter" in r.stderr,
              "the module's diameter-sweep takes --filter hsbf: %s" % r.stderr.strip())
    if problems:
        print("check-plugin-study: %d problem(s):" % len(problems))
        for problem in problems:
            print("  " + problem)
        return 1
    print("check-plugin-study: OK")
    return 0


if __name__ == "__main__":
    sys.exit(main())
