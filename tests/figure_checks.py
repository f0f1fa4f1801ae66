#!/usr/bin/env python3
"""What a figure says, checked against what it draws (issue 38).

    tests/figure_checks.py [--seeds N] SCRIPT ARGS...

runs analysis/SCRIPT (in this process, as "python3 SCRIPT ARGS..." would)
with `install` below, then checks every PNG it wrote (found among ARGS:
folders and .png files) and prints one line per problem; exit 1 when there
is one, 0 when none.  --seeds N: the input has N seeds (band claims need
two).  tests/check-plot-scripts.py checks every figure of its valid cases
the same way (`install` in its runner, `check` per figure).

`install(folder)` makes every PNG a figure is saved to leave a report,
folder/SHA256.json (the PNG's bytes hashed: a report is found from the file
whatever name the script gave it), written while matplotlib draws it:

* every text drawn (tick labels, titles, legends, notes, annotations) with
  its box in the PNG's pixels and, for a text clipped to its axes, that box;
* per axes: its box, titles, texts, y limits and scale, the lines it draws
  (label and points), how many bands (filled areas, error bars) it has, its
  legend's entries, and the facts analysis/plot_common.py's draw_series
  keeps (ax._bg_facts: the points before any sideways offset, the overlaps
  with their tolerance, what is not drawn and why);
* the figure's legends and its suptitle.

`check(report, families, seeds=None)` returns the problems of one figure:

1. no text outside the canvas (unless the figure was saved with
   bbox_inches="tight", which crops to the texts), no clipped text, no two
   texts overlapping;
2. every panel (axes that draw a labelled line) has a title;
3. every overlap note ("LBF = ABF: lines overlap") true: the named series
   drawn, with the same x values and within 1 % of the panel's y axis (log:
   of its decades) at every one; every "within X % of each other" true;
   and no overlap left unsaid: two labelled lines of like width (a thin
   line over a broad one is seen) drawn at the same x values within 0.5 %
   of the axis at every one are named by a note;
4. every legend entry that is a series drawn on every panel of the legend
   (a figure legend: every panel; an axes legend: its own), or named after
   "not drawn:" on the panel; a series with fewer x values than the panel's
   other series of its kind (draw_series' facts) named there with " at ";
5. band claims true: a text that promises a band ("band:", "bootstrap",
   "error bars:") needs, with seeds given, two seeds or more, and a band
   drawn on every panel with series; "mean of K seeds" needs K = seeds.
"""
import hashlib
import json
import math
import os
import re
import sys

OVERLAP_SHARE = 0.01  # analysis/plot_common.py's: within 1 % of the axis
PIXEL = 1.0  # boxes may touch or cross by this much (anti-aliasing)


# --- The report: written while the figure is drawn ---------------------------
def install(folder):
    """Every figure saved as PNG from now on leaves folder/SHA256.json."""
    import matplotlib.figure
    import matplotlib.text

    import matplotlib.axes

    state = {"texts": None, "axes": {}}
    text_draw = matplotlib.text.Text.draw
    axes_draw = matplotlib.axes.Axes.draw
    figure_draw = matplotlib.figure.Figure.draw
    savefig = matplotlib.figure.Figure.savefig

    def draw_axes(self, renderer):
        axes_draw(self, renderer)
        if state["texts"] is not None:  # its box as drawn (bbox_inches="tight" moves it)
            state["axes"][id(self)] = list(self.bbox.extents)

    def draw_text(self, renderer):
        text_draw(self, renderer)
        if state["texts"] is None or not self.get_visible() or not self.get_text().strip():
            return
        try:
            box = self.get_window_extent(renderer)
        except (RuntimeError, ValueError):
            return
        clip = self.get_clip_box() if self.get_clip_on() else None
        state["texts"].append({"text": self.get_text(), "box": list(box.extents),
                               "clip": list(clip.extents) if clip is not None else None,
                               "id": id(self)})

    def draw_figure(self, renderer):
        state["texts"] = []  # the last draw of a savefig is the one saved
        state["axes"] = {}
        state["canvas"] = renderer.get_canvas_width_height()
        return figure_draw(self, renderer)

    def save(self, fname, *args, **kwargs):
        fmt = kwargs.get("format")
        if fmt is None and isinstance(fname, (str, os.PathLike)):
            fmt = os.path.splitext(os.fspath(fname))[1][1:].lower() or "png"
        result = savefig(self, fname, *args, **kwargs)
        if (fmt or "png") != "png" or state["texts"] is None:
            return result
        if hasattr(fname, "getvalue"):
            data = fname.getvalue()
        else:
            with open(fname, "rb") as f:
                data = f.read()
        report = describe(self, state["texts"], state["canvas"],
                          kwargs.get("bbox_inches") == "tight", state["axes"])
        state["texts"] = None
        name = os.path.join(folder, hashlib.sha256(data).hexdigest() + ".json")
        with open(name + ".tmp", "w") as f:
            json.dump(report, f)
        os.replace(name + ".tmp", name)
        return result

    matplotlib.text.Text.draw = draw_text
    matplotlib.axes.Axes.draw = draw_axes
    matplotlib.figure.Figure.draw = draw_figure
    matplotlib.figure.Figure.savefig = save


def _number(v):
    try:
        v = float(v)
    except (TypeError, ValueError):
        return None
    return v if math.isfinite(v) else None


def describe(fig, texts, canvas, tight, boxes):
    """The report of fig (see the module's docstring); boxes: the axes'
    boxes as drawn, by id."""
    from matplotlib.collections import LineCollection, PolyCollection

    height = canvas[1]
    axes = []
    for ax in fig.axes:
        if not ax.get_visible():
            continue
        position = ax.get_position()
        lines = []
        for line in ax.get_lines():
            if not line.get_visible():
                continue
            points = []
            for x, y in zip(line.get_xdata(orig=True), line.get_ydata(orig=True)):
                x, y = _number(x), _number(y)
                if x is not None and y is not None:
                    points.append([x, y])
            lines.append({"label": str(line.get_label()), "points": points,
                          "width": float(line.get_linewidth())})
        legend = ax.get_legend()
        titles = [t.get_text() for t in (ax._left_title, ax.title, ax._right_title)
                  if t.get_text().strip()]
        axes.append({
            "box": boxes.get(id(ax), [position.x0 * canvas[0], position.y0 * height,
                                      position.x1 * canvas[0], position.y1 * height]),
            "titles": titles,
            "texts": [t.get_text() for t in ax.texts if t.get_visible()],
            "ylim": list(ax.get_ylim()), "yscale": ax.get_yscale(),
            "xlim": list(ax.get_xlim()), "xscale": ax.get_xscale(),
            "lines": lines,
            "bands": sum(1 for c in ax.collections if isinstance(c, (PolyCollection,
                                                                     LineCollection))
                         and c.get_visible()),
            "legend": [t.get_text() for t in legend.get_texts()] if legend else [],
            "legend_id": id(legend) if legend else None,
            "colorbar": hasattr(ax, "_colorbar"),
            "facts": ax.__dict__.get("_bg_facts", []),
            "ids": [id(t) for t in [ax.title, ax._left_title, ax._right_title, *ax.texts]],
        })
    return {"canvas": list(canvas), "tight": tight, "texts": texts, "axes": axes,
            "legends": [[t.get_text() for t in lg.get_texts()] for lg in fig.legends],
            "suptitle": fig._suptitle.get_text() if fig._suptitle is not None else ""}


def report_of(png, folder):
    """The report of the PNG file png (None without one)."""
    with open(png, "rb") as f:
        name = os.path.join(folder, hashlib.sha256(f.read()).hexdigest() + ".json")
    if not os.path.isfile(name):
        return None
    with open(name) as f:
        return json.load(f)


# --- The checks ---------------------------------------------------------------
def families_table(analysis):
    """{title: short} of analysis/families.json."""
    with open(os.path.join(analysis, "families.json")) as f:
        return {r["title"]: r["label"] for r in json.load(f)}


def flat(text):
    return " ".join(text.split())


def shown(text, limit=50):
    text = flat(text)
    return repr(text if len(text) <= limit else text[:limit] + "...")


def _overlap(a, b):
    return (min(a[2], b[2]) - max(a[0], b[0]) > PIXEL
            and min(a[3], b[3]) - max(a[1], b[1]) > PIXEL)


def geometry(report):
    problems = []
    width, height = report["canvas"]
    texts = report["texts"]
    for t in texts:
        x0, y0, x1, y1 = t["box"]
        if not report["tight"] and (x0 < -PIXEL or y0 < -PIXEL or x1 > width + PIXEL
                                    or y1 > height + PIXEL):
            problems.append(f"text {shown(t['text'])} leaves the canvas "
                            f"({x0:.0f}..{x1:.0f} x {y0:.0f}..{y1:.0f} of {width:.0f} x "
                            f"{height:.0f} px)")
        c = t["clip"]
        if c and (x0 < c[0] - PIXEL or y0 < c[1] - PIXEL or x1 > c[2] + PIXEL
                  or y1 > c[3] + PIXEL):
            problems.append(f"text {shown(t['text'])} is clipped by its axes")
    frames = [(ax["box"], ax) for ax in report["axes"]]
    for t in texts:
        for box, ax in frames:
            inside = all(t["box"][i] >= box[i] - PIXEL for i in (0, 1)) and \
                all(t["box"][i] <= box[i] + PIXEL for i in (2, 3))
            if _overlap(t["box"], box) and not inside:
                problems.append(f"text {shown(t['text'])} crosses the frame of "
                                f"{'a colour bar' if ax['colorbar'] else panel_name(ax)}")
    order = sorted(range(len(texts)), key=lambda i: texts[i]["box"][0])
    for n, i in enumerate(order):  # sweep along x
        a = texts[i]["box"]
        for j in order[n + 1:]:
            b = texts[j]["box"]
            if b[0] >= a[2] - PIXEL:
                break
            if _overlap(a, b):
                problems.append(f"texts {shown(texts[i]['text'], 30)} and "
                                f"{shown(texts[j]['text'], 30)} overlap")
    return problems


def panel_text(ax):
    return flat(" ".join(ax["titles"] + ax["texts"]))


def panel_name(ax):
    return shown(ax["titles"][0] if ax["titles"] else "untitled panel", 40)


def panels(report):
    return [ax for ax in report["axes"] if not ax["colorbar"] and (
        ax["facts"] or any(not ln["label"].startswith("_") and ln["points"]
                           for ln in ax["lines"]))]


def name_of(label, fams):
    """The name a note uses for a legend label: a family's short name (with
    " on TAG" for "Family (TAG)"), else the label."""
    for title, short in fams.items():
        if label == title:
            return short
        if label.startswith(title + " (") and label.endswith(")"):
            return f"{short} on {label[len(title) + 2:-1]}"
    return label


def is_family(label, fams):
    return any(label == t or label.startswith(t + " (") for t in fams)


def series_points(ax, label):
    """The points of the series label on ax: draw_series' facts (before any
    offset) when the panel has them, else the drawn line's."""
    for facts in ax["facts"]:
        for s in facts.get("series", []):
            if s["label"] == label:
                return sorted(tuple(p) for p in s["points"]), True
    for ln in ax["lines"]:
        if ln["label"] == label:
            return sorted(tuple(p) for p in ln["points"]), False
    return None, False


def names_for(label, ax, fams):
    """The names a note may give the series label on ax: the label, its
    family's short name (with " on TAG"; without it, for every tag) and the
    name draw_series' facts give it."""
    names = {label, name_of(label, fams), name_of(label, fams).split(" on ")[0]}
    names.update(s["name"] for f in ax["facts"] for s in f.get("series", [])
                 if s["label"] == label)
    return names


def label_for(name, ax, fams):
    """The label of the series a note names on ax (None: not drawn there)."""
    labels = [ln["label"] for ln in ax["lines"]] + [
        s["label"] for f in ax["facts"] for s in f.get("series", [])]
    for label in labels:
        if name_of(label, fams) == name or label == name or any(
                s["name"] == name for f in ax["facts"] for s in f.get("series", [])
                if s["label"] == label):
            return label
    return None


def named_after(text, marker, name):
    """Whether name is named in text after marker (a clause "name (...)",
    "name at ..." or "name;")."""
    k = text.find(marker)
    while k >= 0:
        rest = text[k + len(marker):]
        if re.search(r"(^ ?|[;,] )" + re.escape(name) + r"( \(| at |[;,]|\)|$)", rest):
            return True
        k = text.find(marker, k + 1)
    return False


def same_line(a, b, exact_x, ax):
    """Why two series do not look like one line on ax (None: they do): the
    same x values (drawn: within the sideways offset, 5 % of the x span) and
    within OVERLAP_SHARE of the y axis (log: of its decades) at every one."""
    if len(a) != len(b) or not a:
        return f"{len(a)} and {len(b)} points"
    log_y = ax["yscale"] == "log"
    lo, hi = ax["ylim"]
    if log_y:
        span = math.log10(hi) - math.log10(lo) if lo > 0 and hi > 0 else 0.0
    else:
        span = abs(hi - lo)
    tol = OVERLAP_SHARE * span
    xs = [p[0] for p in a + b]
    log_x = ax["xscale"] == "log" and min(xs) > 0
    xspan = math.log10(max(xs)) - math.log10(min(xs)) if log_x else max(xs) - min(xs)
    for (xa, ya), (xb, yb) in zip(a, b):
        dx = abs(math.log10(xa) - math.log10(xb)) if log_x else abs(xa - xb)
        if (xa != xb) if exact_x else dx > 0.05 * xspan + 1e-9:
            return f"x {xa:g} against {xb:g}"
        if log_y and (ya <= 0 or yb <= 0):
            if ya != yb:
                return f"{ya:g} against {yb:g} at x = {xa:g}"
            continue
        diff = abs(math.log10(ya) - math.log10(yb)) if log_y else abs(ya - yb)
        if diff > tol + 1e-9 * max(1.0, abs(ya), abs(yb)):
            return (f"{ya:.4g} against {yb:.4g} at x = {xa:g}, more than 1 % of the axis "
                    f"({tol:.3g}{' decades' if log_y else ''})")
    return None


OVERLAP = re.compile(r": lines overlap")
WITHIN = re.compile(r"([A-Za-z0-9*+ ,-]+?) within ([0-9.]+) % of each other")


def opening(text, end):
    """The index of the "(" that opens the note text[...:end] is in (-1:
    none): names may hold parentheses, "BF flood (gated)"."""
    depth = 0
    for i in range(end - 1, -1, -1):
        if text[i] == ")":
            depth += 1
        elif text[i] == "(":
            if depth == 0:
                return i
            depth -= 1
    return -1


def overlap_claims(ax, fams):
    problems = []
    text = panel_text(ax)
    for m in OVERLAP.finditer(text):
        claim = text[opening(text, m.start()) + 1:m.start()]
        for group in claim.split("; "):
            tag = None
            if " on " in group:
                group, tag = group.rsplit(" on ", 1)
            names = [n.strip() for n in group.split(" = ")]
            series = []
            for n in names:
                label = label_for(n + (f" on {tag}" if tag else ""), ax, fams) or \
                    label_for(n, ax, fams)
                points, exact = series_points(ax, label) if label else (None, False)
                if not points:
                    problems.append(f"{panel_name(ax)}: the note names {n!r} (overlap), "
                                    "which the panel does not draw")
                    break
                series.append((n, points, exact))
            else:
                first = series[0]
                for other in series[1:]:
                    why = same_line(first[1], other[1], first[2] and other[2], ax)
                    if why:
                        problems.append(f"{panel_name(ax)}: the note says {first[0]} = "
                                        f"{other[0]} (lines overlap): {why}")
    for m in WITHIN.finditer(text):
        names = [n.strip() for n in m.group(1).split(",")]
        bound = float(m.group(2))
        values = {}
        for n in names:
            label = label_for(n, ax, fams)
            points, _ = series_points(ax, label) if label else (None, False)
            if not points:
                problems.append(f"{panel_name(ax)}: the note names {n!r} (within "
                                f"{bound:g} %), which the panel does not draw")
                break
            values[n] = [p[1] for p in points]  # in x order (drawn: maybe offset)
        else:
            counts = {len(v) for v in values.values()}
            worst = max(((max(ys) - min(ys)) / max(abs(max(ys)), 1e-300)
                         for ys in zip(*values.values())), default=math.inf) \
                if len(counts) == 1 else math.inf
            if worst * 100 > bound * 1.05 + 1e-9:
                problems.append(f"{panel_name(ax)}: the note says {', '.join(names)} within "
                                f"{bound:g} % of each other; they differ by {worst * 100:.3g} %")
    return problems


HIDDEN_SHARE = 0.005  # half the overlap rule's: lines this close surely overlap


def claimed_together(ax, fams):
    """The sets of labels the panel's overlap notes name together."""
    text = panel_text(ax)
    sets = []
    for m in OVERLAP.finditer(text):
        for group in text[opening(text, m.start()) + 1:m.start()].split("; "):
            tag = None
            if " on " in group:
                group, tag = group.rsplit(" on ", 1)
            sets.append({label_for(n.strip() + (f" on {tag}" if tag else ""), ax, fams)
                         or label_for(n.strip(), ax, fams) for n in group.split(" = ")})
    return sets


def hidden_lines(ax, fams):
    """Two labelled lines drawn at the same x values and within HIDDEN_SHARE
    of the axis (log: of its decades) at every one look like one: an
    overlap the panel must note (draw_series offsets and names them)."""
    lines = [ln for ln in ax["lines"] if ln["points"] and not ln["label"].startswith("_")]
    lo, hi = ax["ylim"]
    log_y = ax["yscale"] == "log"
    span = (math.log10(hi) - math.log10(lo) if lo > 0 and hi > 0 else 0.0) if log_y \
        else abs(hi - lo)
    tol = HIDDEN_SHARE * span
    together = claimed_together(ax, fams)
    problems = []
    for i, a in enumerate(lines):
        for b in lines[i + 1:]:
            wa, wb = a.get("width", 1.0), b.get("width", 1.0)
            if max(wa, wb) > 2 * min(wa, wb):
                continue  # a thin line over a broad one: both seen
            pa, pb = sorted(map(tuple, a["points"])), sorted(map(tuple, b["points"]))
            if len(pa) != len(pb) or any(
                    abs(xa - xb) > 1e-9 * max(1.0, abs(xa)) for (xa, _), (xb, _) in zip(pa, pb)):
                continue

            def apart(ya, yb):
                if log_y:
                    if ya <= 0 or yb <= 0:
                        return ya != yb
                    return abs(math.log10(ya) - math.log10(yb)) > tol
                return abs(ya - yb) > tol
            if any(apart(ya, yb) for (_, ya), (_, yb) in zip(pa, pb)):
                continue
            if any({a["label"], b["label"]} <= s for s in together):
                continue
            problems.append(f"{panel_name(ax)}: {name_of(a['label'], fams)} and "
                            f"{name_of(b['label'], fams)} are drawn as one line and no note "
                            "says they overlap")
    return problems


def legend_entries(report, fams):
    """Every legend entry that is a series, drawn or said not drawn on the
    panels it stands for."""
    problems = []
    drawn_labels = {ln["label"] for ax in report["axes"] for ln in ax["lines"] if ln["points"]}
    figure_panels = panels(report)
    checks = [(label, figure_panels) for lg in report["legends"] for label in lg]
    checks += [(label, [ax]) for ax in figure_panels for label in ax["legend"]]
    for label, where in checks:
        if not (is_family(label, fams) or label in drawn_labels):
            continue  # a key (a line style, a marker), not a series
        for ax in where:
            points = [p for ln in ax["lines"] if ln["label"] == label for p in ln["points"]]
            if not points and not any(named_after(panel_text(ax), "not drawn:", name)
                                      for name in names_for(label, ax, fams)):
                problems.append(f"{panel_name(ax)}: the legend's {label!r} is neither drawn "
                                f"nor named after 'not drawn:'")
    for ax in figure_panels:
        text = panel_text(ax)
        for facts in ax["facts"]:
            xs = facts.get("x", {})
            for s in facts.get("series", []):
                tag_xs = xs.get(str(s["tag"]), [])
                have = {p[0] for p in s["points"]}
                missing = [x for x in tag_xs if x not in have]
                drawn = [p for ln in ax["lines"] if ln["label"] == s["label"]
                         for p in ln["points"]]
                if len(drawn) != len(s["points"]):
                    problems.append(f"{panel_name(ax)}: {s['label']!r} has {len(s['points'])} "
                                    f"points in its facts, {len(drawn)} drawn")
                if missing and s["points"] and \
                        not named_after(text, "not drawn:", s["name"]):
                    problems.append(f"{panel_name(ax)}: {s['name']} has no value at x = "
                                    f"{', '.join(f'{x:g}' for x in missing)} and the panel "
                                    "does not say so")
    return problems


# a claim of an interval of the mean (not "band: the paper's range")
BAND = re.compile(r"(band|bands|error bars): 95 %|bootstrap")
SEEDS = re.compile(r"mean of (\d+) seed")


def band_claims(report, seeds):
    problems = []
    texts = [flat(t["text"]) for t in report["texts"]]
    claims = [t for t in texts if BAND.search(t)]
    if claims and seeds is not None and seeds < 2:
        problems.append(f"{shown(claims[0], 70)} claims a band over seeds; the input has one "
                        "seed")
    # a claim in a panel's title is the panel's; elsewhere (the suptitle) the
    # figure's: every panel with series draws a band then
    own = {id(ax): bool(BAND.search(panel_text(ax))) for ax in panels(report)}
    figure_claim = any(BAND.search(t) for t in texts if not any(
        t == flat(x) or t in panel_text(ax) for ax in panels(report) for x in ax["titles"]))
    for ax in panels(report):
        if (figure_claim or own[id(ax)]) and any(ln["points"] for ln in ax["lines"]) and \
                ax["bands"] == 0:
            problems.append(f"{panel_name(ax)}: the figure claims a band, the panel draws none")
    if seeds is not None:
        for t in texts:
            for m in SEEDS.finditer(t):
                if int(m.group(1)) != seeds:
                    problems.append(f"{shown(t, 70)}: mean of {m.group(1)} seeds, the input "
                                    f"has {seeds}")
    return problems


def check(report, fams, seeds=None):
    """The problems of one figure's report (see the module's docstring)."""
    problems = geometry(report)
    for ax in panels(report):
        if not ax["titles"]:
            problems.append(f"a panel without a title (y from {ax['ylim'][0]:g} to "
                            f"{ax['ylim'][1]:g})")
        problems += overlap_claims(ax, fams)
        problems += hidden_lines(ax, fams)
    problems += legend_entries(report, fams)
    problems += band_claims(report, seeds)
    return list(dict.fromkeys(problems))


# --- Command line ---------------------------------------------------------------
def main(argv):
    seeds = None
    args = argv[1:]
    if args[:1] == ["--seeds"] and len(args) >= 2:
        if not args[1].isdigit() or int(args[1]) < 1:
            print(f"figure_checks: --seeds: {args[1]!r} is not a positive integer",
                  file=sys.stderr)
            return 2
        seeds = int(args[1])
        args = args[2:]
    usage = "usage: tests/figure_checks.py [--seeds N] SCRIPT ARGS..."
    if not args or args[0] in ("-h", "--help"):
        print(usage)
        return 0 if args else 2
    if not os.path.isfile(args[0]):
        print(f"figure_checks: SCRIPT: no file {args[0]!r}", file=sys.stderr)
        return 2
    import runpy
    import tempfile

    import matplotlib
    matplotlib.use("Agg")
    script = os.path.abspath(args[0])
    folder = tempfile.mkdtemp(prefix="figure-reports.")
    install(folder)
    sys.argv = args
    sys.path.insert(0, os.path.dirname(script))
    code = 0
    try:
        runpy.run_path(script, run_name="__main__")
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (1 if e.code else 0)
    if code:
        sys.exit(f"figure_checks: {os.path.basename(script)} exited {code}")
    fams = families_table(os.path.dirname(script))
    pngs = []
    for a in args[1:]:
        if os.path.isdir(a):
            pngs += sorted(os.path.join(a, n) for n in os.listdir(a) if n.endswith(".png"))
        elif a.endswith(".png") and os.path.isfile(a):
            pngs.append(a)
    failed = 0
    for png in pngs:
        report = report_of(png, folder)
        if report is None:
            continue  # not written by this run
        problems = check(report, fams, seeds)
        failed += bool(problems)
        for p in problems:
            print(f"FAIL {png}: {p}")
        if not problems:
            print(f"ok   {png}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
