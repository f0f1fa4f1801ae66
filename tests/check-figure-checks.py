#!/usr/bin/env python3
"""The figure checks checked (issue 38): tests/figure_checks.py must find
every kind of problem it names, on a figure broken on purpose, and none on
the same figure drawn right.

    tests/check-figure-checks.py SOURCE_DIR

Each case draws one small figure through analysis/plot_common.py (as the
plot scripts do) or plain matplotlib, saves it as PNG with the checks'
report installed, and compares figure_checks.check's problems with what the
case expects: none for a right figure, a problem containing a given text
for a broken one (a false overlap note, an overlap not noted, a false "within X %", a legend
entry neither drawn nor explained, a gap not named, a text off the canvas,
across a frame, clipped or over another, a panel without a title, a band
claimed with one seed or not drawn, a wrong seed count).  An overlap note
is checked at its tolerance's edge: 0.9 % of the axis apart is one line,
1.1 % is not.  Exit 1 with one line per case that failed.
"""
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile

try:  # the plots' Python: this one, else Debian's (as check-plot-scripts.py)
    import matplotlib  # noqa: F401
except ImportError:
    for candidate in ("/usr/bin/python3", shutil.which("python3")):
        if candidate and os.path.realpath(candidate) != os.path.realpath(sys.executable) and \
                subprocess.run([candidate, "-c", "import matplotlib"],
                               capture_output=True).returncode == 0:
            os.execv(candidate, [candidate] + sys.argv)
    sys.exit("check-figure-checks: no python3 with matplotlib "
             "(apt-get install python3-matplotlib)")

root = pathlib.Path(sys.argv[1]).resolve() if len(sys.argv) > 1 else \
    pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(root / "tests"))
sys.path.insert(0, str(root / "analysis"))

import matplotlib  # noqa: E402,F811

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

import figure_checks  # noqa: E402
import plot_common as pc  # noqa: E402

work = pathlib.Path(tempfile.mkdtemp(prefix="check-figure-checks."))
reports = work / "reports"
reports.mkdir()
figure_checks.install(str(reports))
FAMS = figure_checks.families_table(str(root / "analysis"))
XS = [4, 8, 12, 16]
NAN = float("nan")


def pts(ys, spread=0.05):
    """(x, mean, low, high) per x of XS; a None mean: no value there."""
    return [(x, NAN if y is None else y, NAN if y is None else y * (1 - spread),
             NAN if y is None else y * (1 + spread)) for x, y in zip(XS, ys)]


def families_figure(series=None, why=None, band=True, suptitle=None, panels=1):
    """A figure as the plot scripts draw one: panels of draw_families, the
    figure's legend and suptitle by finish."""
    fig, axes = plt.subplots(1, panels, figsize=(4.5 * panels, 3.6), squeeze=False)
    series = series or {("lbf", None): pts([0.2, 0.4, 0.6, 0.8]),
                        ("abf", None): pts([0.2, 0.4, 0.6, 0.8]),
                        ("dv", None): pts([0.1, 0.3, 0.5, 0.95]),
                        ("sdbf", None): pts([None] * 4)}
    for i, ax in enumerate(axes[0]):
        pc.draw_families(ax, series, pc.SHARE, f"panel {i}", band=band, xname="D",
                         why=why or (lambda f, t, xs: "no pair settles"))
        ax.set_title(f"exact share {i}")
        pc.tidy_axes(ax, pc.SHARE, integer_x=True)
    handles, labels = pc.legend_entries(axes[0])
    pc.finish(fig, suptitle if suptitle is not None else pc.interval_note(3), handles, labels)
    return fig, axes[0]


def retitle(ax, change):
    ax.set_title(change(ax.get_title()), fontsize=8)


def lines_figure(a, b, claim, ylim=(0, 1)):
    """Two plain lines with a claim in the title, on a fixed y axis."""
    fig, ax = plt.subplots(figsize=(5, 3.6))
    ax.plot(XS, a, label="Linear BF")
    ax.plot(XS, b, label="Distance vector")
    ax.set_ylim(*ylim)
    ax.set_title(f"hop MAE\n({claim})", fontsize=8)
    ax.legend(fontsize=7)
    fig.tight_layout()
    return fig, ax


def problems_of(fig, name, seeds):
    path = work / f"{name}.png"
    fig.savefig(path, dpi=80)
    plt.close(fig)
    report = figure_checks.report_of(path, str(reports))
    if report is None:
        return [f"no report for {path.name}"]
    return figure_checks.check(report, FAMS, seeds)


failures = []
count = 0


def case(name, draw, expect=None, seeds=3):
    """draw() -> a figure; expect: a text one problem must contain (None: no
    problem at all)."""
    global count
    count += 1
    problems = problems_of(draw(), f"case-{count}", seeds)
    if expect is None and problems:
        failures.append(f"{name}: a right figure reported {problems}")
    elif expect is not None and not any(expect in p for p in problems):
        failures.append(f"{name}: expected a problem with {expect!r}, got {problems}")


def right():
    return families_figure()[0]


case("right: LBF = ABF overlap, SDBF not drawn and said why, band over 3 seeds", right)


def false_overlap():
    fig, axes = families_figure()
    retitle(axes[0], lambda t: t.replace("LBF = ABF", "LBF = ABF = DV"))
    return fig


case("overlap note naming a series that differs (DV)", false_overlap, "the note says LBF = DV")


def overlap_at(diff):
    # y axis 0..1: the tolerance is 1 % of it, 0.01
    return lambda: lines_figure([0.2, 0.4, 0.6, 0.8], [0.2, 0.4, 0.6, 0.8 + diff],
                                "LBF = DV: lines overlap, drawn offset")[0]


case("overlap note, 0.9 % of the axis apart at one x", overlap_at(0.009))
case("overlap note, 1.1 % of the axis apart at one x only", overlap_at(0.011),
     "more than 1 % of the axis")


def overlap_fewer_points():
    return lines_figure([0.2, 0.4, 0.6, 0.8], [0.2, 0.4, 0.6, NAN],
                        "LBF = DV: lines overlap")[0]


case("overlap note, one line stops early", overlap_fewer_points, "4 and 3 points")


def hidden(noted):
    return lambda: lines_figure([0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.004],
                                "LBF = DV: lines overlap" if noted else "no note")[0]


case("two lines 0.4 % of the axis apart, noted", hidden(True))
case("two lines 0.4 % of the axis apart, not noted", hidden(False),
     "LBF and DV are drawn as one line and no note says they overlap")


def broad_under_thin():
    # a model as a broad faint line under the measured one: both seen
    fig, ax = lines_figure([0.2, 0.4, 0.6, 0.8], [0.1, 0.3, 0.5, 0.7], "no note")
    ax.plot(XS, [0.2, 0.4, 0.6, 0.8], linewidth=5, alpha=0.3, label="Linear BF ideal model")
    return fig


case("a broad model line under the measured one", broad_under_thin)


def tiny_share():
    # a share of 0.00008 beside 0 on a 0..1 axis: one line (draw_series
    # measured the tolerance on the values, 1 % of 0.00008, and drew them on
    # one spot without a note)
    return families_figure({("lbf", None): pts([0.0, 0.0, 0.0, 0.0]),
                            ("sdbf", None): pts([0.0, 0.0, 0.0, 0.00008])})[0]


case("a share of 0.00008 and one of 0 on a 0..1 axis, drawn by draw_families", tiny_share)


def within(claim):
    return lambda: lines_figure([1.0, 2.0, 3.0, 4.0], [1.0, 2.0, 3.03, 4.0],
                                f"LBF, DV within {claim} % of each other", (0, 4.5))[0]


case("'within 1 %' true (they differ by 0.99 %)", within("1"))
case("'within 0.5 %' false (they differ by 0.99 %)", within("0.5"), "they differ by")


def legend_all(named):
    """The legend of every family of the input (as the old scripts drew
    it), SDBF among them with no value anywhere."""
    def draw():
        from matplotlib.lines import Line2D

        fig, axes = families_figure()
        old = fig.legends.pop()
        handles = old.legend_handles if hasattr(old, "legend_handles") else old.legendHandles
        labels = [t.get_text() for t in old.get_texts()]
        sd = pc.family("sdbf")
        fig.legend(list(handles) + [Line2D([], [], color=sd.color, marker=sd.marker)],
                   labels + [sd.label], loc="lower center", ncol=4, fontsize=6)
        if not named:
            retitle(axes[0], lambda t: " ".join(t.split()).split("; not drawn:")[0] + ")")
        return fig
    return draw


case("legend entry SDBF named after 'not drawn:'", legend_all(True))
case("legend entry SDBF neither drawn nor named after 'not drawn:'", legend_all(False),
     "the legend's 'Scope-decay BF' is neither drawn nor named")


def gap(named):
    def draw():
        fig, axes = families_figure({("lbf", None): pts([0.2, 0.4, None, 0.8]),
                                     ("dv", None): pts([0.1, 0.3, 0.5, 0.95])})
        if not named:
            retitle(axes[0], lambda t: t.split("\n")[0])
        return fig
    return draw


case("a gap named ('not drawn: LBF at D = 12')", gap(True))
case("a gap not named", gap(False), "LBF has no value at x = 12")


def off_canvas():
    fig, _ = families_figure()
    fig.text(0.97, 0.5, "a note that runs off the right edge of the canvas")
    return fig


case("text off the canvas", off_canvas, "leaves the canvas")


def across_frame():
    fig, axes = families_figure()
    axes[0].text(0.9, 0.5, "across the frame", transform=axes[0].transAxes, clip_on=False)
    return fig


case("text across a panel's frame", across_frame, "crosses the frame")


def clipped():
    fig, axes = families_figure()
    axes[0].text(15.5, 0.5, "clipped by the axes", clip_on=True)
    return fig


case("text clipped by its axes", clipped, "is clipped by its axes")


def texts_overlap():
    fig, _ = families_figure()
    fig.text(0.02, 0.02, "first note")
    fig.text(0.03, 0.02, "second note")
    return fig


case("two texts over each other", texts_overlap, "overlap")


def untitled():
    fig, axes = families_figure()
    axes[0].set_title("")
    return fig


case("a panel without a title", untitled, "a panel without a title")
case("band claimed, one seed", lambda: families_figure(
    suptitle="mean, band: 95 % percentile bootstrap over seeds")[0],
    "claims a band over seeds; the input has one seed", seeds=1)
case("one seed said so", lambda: families_figure(suptitle=pc.interval_note(1),
                                                 band=False)[0], seeds=1)


def band_missing():
    fig, axes = plt.subplots(1, 2, figsize=(9, 3.6))
    for i, ax in enumerate(axes):
        pc.draw_families(ax, {("lbf", None): pts([0.2, 0.4, 0.6, 0.8])}, pc.SHARE, f"p{i}",
                         band=i == 0)
        ax.set_title(f"panel {i}")
        pc.tidy_axes(ax, pc.SHARE)
    pc.finish(fig, pc.interval_note(3), *pc.legend_entries(axes))
    return fig


case("band claimed, one panel without one", band_missing, "the panel draws none")
case("'mean of 5 seeds' with 3", lambda: families_figure(
    suptitle="mean of 5 seeds, band: 95 % percentile bootstrap over seeds")[0],
    "mean of 5 seeds, the input has 3")

for f in failures:
    print(f"FAIL {f}")
print(f"check-figure-checks: {count} cases, {len(failures)} failed")
sys.exit(1 if failures else 0)
