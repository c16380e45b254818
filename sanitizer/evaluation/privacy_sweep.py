"""The privacy/utility trade-off of a sweep: TRIR against information kept, one point per
setting, with the original texts, the experts' masks and other systems beside them.
A table (CSV or JSON) and a PNG, both written atomically."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import TYPE_CHECKING, Mapping, Sequence

from ..documents import atomic_write_text, save_figure
from .gold import GoldStandard
from .privacy import PrivacyMeasure, PrivacyPoint, reference_points

if TYPE_CHECKING:
    from matplotlib.axes import Axes

_COLUMNS = [
    "label",
    "kind",
    "trir_top1",
    "trir_top1_low",
    "trir_top1_high",
    "trir_top5",
    "trir_top5_low",
    "trir_top5_high",
    "information_kept",
    "words_kept",
]


def privacy_points(
    measure: PrivacyMeasure,
    rows: Sequence,
    gold: GoldStandard,
    systems: Mapping[str, Mapping[str, Sequence[Sequence[int]]]],
    generalized: bool = False,
) -> list[PrivacyPoint]:
    """The sweep's settings, then the original texts, the experts' masks and the other
    systems; ``generalized``: the sweep ran in generalize mode, and each setting is also
    measured as tag mode would publish it (the same decisions, nothing generalized)."""
    points = sweep_points(measure, rows, GENERALIZE if generalized else "")
    if generalized:
        points += sweep_points(measure, rows, TAG, as_published=False)
    return points + reference_points(measure, gold, systems)


#: the series' suffixes when a generalize sweep is drawn beside tag mode's
GENERALIZE, TAG = "generalize", "tag"


def sweep_points(
    measure: PrivacyMeasure, rows: Sequence, mode: str = "", as_published: bool = True
) -> list[PrivacyPoint]:
    """One point per row of tuning.sweep(..., keep_spans=True): the texts as published, or
    with ``as_published`` false the spans deleted and no generalization credited; ``mode``
    names the series when two modes are drawn together."""
    points = []
    suffix = f", {mode}" if mode else ""
    for row in rows:
        label = f"{row.stage}, β {row.beta}" + (f", w {row.w:g}" if row.w is not None else "") + suffix
        # S1's points are one line, the dial from high privacy to high utility; S2's, a line per β along w.
        series = (DIAL if row.w is None else f"β {row.beta}") + suffix
        published, credits = (row.published, row.credits) if as_published else (None, {})
        points.append(
            measure.measure(
                label, row.spans, kind="setting", series=series, w=row.w, published=published, credits=credits
            )
        )
    return points


def _flat(point: PrivacyPoint) -> dict:
    a, k = point.attack, point.kept
    return {
        "label": point.label,
        "kind": point.kind,
        "trir_top1": a.top1,
        "trir_top1_low": a.top1_interval[0],
        "trir_top1_high": a.top1_interval[1],
        "trir_top5": a.top5,
        "trir_top5_low": a.top5_interval[0],
        "trir_top5_high": a.top5_interval[1],
        "information_kept": k.information_kept,
        "words_kept": k.words_kept,
    }


def write_privacy_table(points: Sequence[PrivacyPoint], path: Path) -> None:
    """CSV, or JSON when the file name ends in .json (with the attack's design and population)."""
    records = [_flat(p) for p in points]
    if path.suffix.lower() == ".json":
        first = points[0].attack if points else None
        atomic_write_text(
            path,
            json.dumps(
                {
                    "schema_version": 1,
                    "design": first.design if first else None,
                    "people": first.people if first else None,
                    "documents": first.documents if first else None,
                    "interval": "Wilson score, 95%",
                    "rows": records,
                },
                ensure_ascii=False,
                indent=1,
            ),
        )
        return
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=_COLUMNS)
    writer.writeheader()
    for record in records:
        writer.writerow({k: (f"{v:.4f}" if isinstance(v, float) else v) for k, v in record.items()})
    atomic_write_text(path, buffer.getvalue())


#: the series of S1's points: the policy's dial
DIAL = "the dial β (S1)"
_REFERENCE_STYLE = {"original": ("X", "black"), "experts": ("*", "tab:red"), "system": ("^", "tab:gray")}
#: one colour per β, none of the references' colours
_SERIES_COLOURS = [
    "tab:blue",
    "tab:green",
    "tab:orange",
    "tab:purple",
    "tab:brown",
    "tab:pink",
    "tab:olive",
    "tab:cyan",
]


def plot_privacy(points: Sequence[PrivacyPoint], path: Path, title: str = "") -> None:
    """TRIR top-1 (95% CI as error bars) against information kept and against words kept."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(1, 2, figsize=(12, 5), sharey=True)
    for axis, (measure, name) in zip(
        axes, (("information_kept", "information kept (share of IC)"), ("words_kept", "words kept"))
    ):
        _draw(axis, points, measure)
        axis.set_xlabel(name)
        axis.set_xlim(-0.02, 1.02)
        axis.grid(alpha=0.3)
    axes[0].set_ylabel("re-identification risk, TRIR top-1")
    axes[0].set_ylim(0, 1.02)
    axes[0].legend(fontsize=7, loc="upper left")
    if title:
        figure.suptitle(title)
    save_figure(figure, path)


def _draw(axis: Axes, points: Sequence[PrivacyPoint], measure: str) -> None:
    def error(point: PrivacyPoint) -> list[list[float]]:
        low, high = point.attack.top1_interval
        return [[point.attack.top1 - low], [high - point.attack.top1]]

    series = list(dict.fromkeys(p.series for p in points if p.kind == "setting"))
    for index, name in enumerate(series):
        color = _SERIES_COLOURS[index % len(_SERIES_COLOURS)]
        members = [p for p in points if p.kind == "setting" and p.series == name]
        s1 = [p for p in members if p.w is None]
        weighted = [(p.w, p) for p in members if p.w is not None]
        s2 = [p for _, p in sorted(weighted, key=lambda pair: pair[0])]
        s1.sort(key=lambda p: getattr(p.kept, measure))
        for stage, line, marker in (("S1", s1, "s"), ("S1+S2", s2, "o")):
            if not line:
                continue
            xs, ys = [getattr(p.kept, measure) for p in line], [p.attack.top1 for p in line]
            axis.plot(
                xs,
                ys,
                marker=marker,
                color=color,
                linestyle="-" if len(line) > 1 else "none",
                label=name if name.startswith(DIAL) else f"{stage}, {name}",
            )
            for p, x, y in zip(line, xs, ys):
                axis.errorbar([x], [y], yerr=error(p), color=color, alpha=0.4, capsize=2)
                # along the dial, its two ends and the policy's own point are named
                ends = p is line[0] or p is line[-1] or "(policy)" in p.label
                tag = f"w {p.w:g}" if p.w is not None else f"β {p.label.split('β ', 1)[-1]}" if ends else None
                if tag:
                    axis.annotate(tag, (x, y), fontsize=6, xytext=(3, 3), textcoords="offset points")
    for p in points:
        if p.kind in _REFERENCE_STYLE:
            marker, color = _REFERENCE_STYLE[p.kind]
            x = getattr(p.kept, measure)
            axis.errorbar([x], [p.attack.top1], yerr=error(p), marker=marker, color=color, markersize=9, capsize=2)
            axis.annotate(p.label, (x, p.attack.top1), fontsize=7, xytext=(4, -10), textcoords="offset points")
    if points:
        axis.axhline(points[0].attack.chance, linestyle=":", color="grey", label="chance")
