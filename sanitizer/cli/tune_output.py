"""What `sanitizer tune` writes and prints: the sweep's table and plot, the privacy
table and plot, and the table and recommendation on stdout."""

from __future__ import annotations

import shlex
import sys
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Sequence

from ..tuning import SweepRow, plot, row_record, write_table
from .common import print_json
from .engine_params import ENGINE_OPTIONS, HOW_IT_RUNS, flag_of

if TYPE_CHECKING:
    from ..evaluation.privacy import PrivacyPoint
    from .engine_options import EngineOptions


@dataclass(frozen=True)
class SweepOutputs:
    """The files a sweep writes (None: not asked for)."""

    table: Optional[Path] = None
    plot: Optional[Path] = None
    privacy_table: Optional[Path] = None
    privacy_plot: Optional[Path] = None


def write_outputs(
    rows: Sequence[SweepRow],
    points: Optional[Sequence[PrivacyPoint]],
    outputs: SweepOutputs,
    collection: str,
    backend_name: str,
    attack: Optional[Path],
) -> None:
    """The sweep's table and plot, and with an attack its privacy table and plot."""
    if outputs.table is not None:
        write_table(rows, outputs.table)
    if outputs.plot is not None:
        plot(rows, outputs.plot, title=f"{collection}, back-end {backend_name}")
    if points is not None:
        assert attack is not None  # points are measured only with --attack
        _write_privacy(points, outputs.privacy_table, outputs.privacy_plot, f"{collection}, background {attack.name}")


def _write_privacy(
    points: Sequence[PrivacyPoint], table: Optional[Path], plot_path: Optional[Path], title: str
) -> None:
    from ..evaluation.privacy_sweep import plot_privacy, write_privacy_table

    if table is not None:
        write_privacy_table(points, table)
    if plot_path is not None:
        plot_privacy(points, plot_path, title)


def print_sweep(
    rows: Sequence[SweepRow],
    best: Optional[SweepRow],
    reached: bool,
    target_recall: float,
    points: Optional[list[PrivacyPoint]],
    attack: Optional[Path],
    json_output: bool,
    command: Optional[str],
) -> None:
    """The sweep's table and recommendation on stdout (with --json, one JSON object)."""
    if json_output:
        payload = {
            "rows": [row_record(r) for r in rows],
            "target_recall": target_recall,
            "target_reached": reached,
            "recommended": row_record(best) if best else None,
            "command": command,
        }
        if points is not None:
            assert attack is not None  # points are measured only with --attack (sweep_attack_inputs)
            payload["privacy"] = {"background_knowledge": attack.name, "rows": [p.record() for p in points]}
        print_json(payload)
        return
    out = sys.stdout
    out.write(f"{'stage':<6} {'β':>18} {'w':>5} {'P':>6} {'R':>6} {'F1':>6} {'F2':>6} {'kept':>6}\n")
    for row in rows:
        scores = asdict(row.scores)
        unit = "token" if scores["token_recall"] is not None else "term"
        p, r, f, f2 = (scores[f"{unit}_{measure}"] for measure in ("precision", "recall", "f1", "f2"))
        kept = scores["tokens_kept"]
        out.write(
            f"{row.stage:<6} {row.beta:>18} {'' if row.w is None else f'{row.w:g}':>5} "
            f"{p or 0:>6.3f} {r or 0:>6.3f} {f or 0:>6.3f} {f2 or 0:>6.3f} "
            f"{'' if kept is None else f'{kept:.3f}':>6}\n"
        )
    if best is not None:
        setting = f"{best.stage}, β {best.beta}" + (f", w {best.w:g}" if best.w is not None else "")
        if reached:
            out.write(f"recommended: {setting} (best precision among settings reaching recall {target_recall:g})\n")
        else:
            out.write(f"no setting reaches recall {target_recall:g}; the highest recall is {setting}\n")
        out.write(f"to run it: {command}\n")
    if points is not None:
        assert attack is not None  # as above
        out.write(_privacy_lines(points, attack.name))


def _privacy_lines(points: Sequence[PrivacyPoint], background_name: str) -> str:
    first = points[0].attack
    lines = [
        f"\nre-identification attack: {first.design}; background {background_name}, {first.people} people; "
        f"{first.documents} documents; 95% Wilson intervals",
        f"{'setting':<32} {'TRIR':>6} {'95% CI':>13} {'top-5':>6} {'info':>6} {'words':>6}",
    ]
    for p in points:
        low, high = p.attack.top1_interval
        lines.append(
            f"{p.label:<32} {p.attack.top1:>6.3f} {f'{low:.3f}-{high:.3f}':>13} {p.attack.top5:>6.3f} "
            f"{p.kept.information_kept:>6.3f} {p.kept.words_kept:>6.3f}"
        )
    return "\n".join(lines) + "\n"


#: tune's options that `sanitize` shares, by parameter name, as the reproducing command writes them
def reproducing_command(row: SweepRow, options: EngineOptions) -> str:
    """The `sanitize` command whose output is this row's: the policy, the row's β (bits, or
    the term it is the IC of) and w, and every engine option of tune's that the user gave."""
    words = ["sanitizer", "sanitize", "DOCUMENTS", "--policy", str(options["policy"])]
    for name in ENGINE_OPTIONS:
        if name in options.given and name not in HOW_IT_RUNS and name != "policy" and options.get(name) is not None:
            value = options[name]
            for one in value if isinstance(value, list) else [value]:
                words += [flag_of(name)] if one is True else [flag_of(name), str(getattr(one, "value", one))]
    if row.bits is not None:
        words += ["--beta", f"{row.bits:.6g}"]
    elif row.term is not None:
        words += ["--beta-term", row.term]
    if row.w is not None:
        words += ["--w", f"{row.w:g}"]
    elif row.stage == "S1" and row.s2_available:
        words += ["--s2-backend", "none"]  # the S1 row of a policy that runs S2
    return shlex.join(words)
