"""The re-identification attack as a scoring command runs it: its option, background knowledge and table."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Mapping, Optional, Sequence

import typer

from ic_sanitizer.corpus_stats.files.path_guard import RunPath, check_outputs

from ..redaction import Mode
from .common import stderr, usage_error

if TYPE_CHECKING:
    from ..evaluation import GoldStandard
    from ..evaluation.privacy import PrivacyPoint
    from ..evaluation.system import SystemOutput
    from ..pipeline import Sanitizer
    from ..tuning import SweepRow


AttackOption = Annotated[
    Optional[Path],
    typer.Option(
        "--attack",
        help="Background knowledge {doc_id: public text about the person it protects}: also run the "
        "re-identification attack and report TRIR (top-1, top-5, 95% CI), information and words kept. "
        "Needs the 'attack' extra.",
    ),
]


def read_background(
    attack: Optional[Path], features_path: Optional[Path], reads: list[RunPath]
) -> Optional[dict[str, str]]:
    """The attack's background knowledge (None without --attack), after checking the
    features file's place against ``reads``, what else the run reads."""
    if features_path is not None and attack is None:
        usage_error("--attack-features needs --attack")
    if features_path is not None:
        # The one output guard: not over, inside or around any input of the run.
        check_outputs([RunPath("--attack", attack), *reads], [RunPath("--attack-features", features_path)])
    if attack is None:
        return None
    from ..evaluation.privacy import load_background

    return load_background(attack)


def attack_documents(
    background: Mapping[str, str],
    sanitizer: Sanitizer,
    documents: dict[str, str],
    spans: Mapping[str, Sequence[Sequence[int]]],
    features_path: Optional[Path],
    output: Optional["SystemOutput"] = None,
) -> PrivacyPoint:
    """The attack on the masked documents (as published, when ``output`` holds the texts a
    mode wrote values into), and information kept; the features file on request."""
    from ..evaluation.privacy import PrivacyMeasure

    measure = PrivacyMeasure(background, sanitizer, documents)
    if measure.unattacked:
        stderr.print(
            f"note: {measure.unattacked} of {len(documents)} documents have no entry in the background "
            "knowledge; the attack leaves them out",
            markup=False,
        )
    published, credits = (output.published, output.credits) if output is not None else (None, {})
    point = measure.measure("evaluated", spans, published=published, credits=credits)
    if features_path is not None:
        measure.write_features(spans, features_path)
    return point


def attack_table(point: PrivacyPoint, background_name: str) -> str:
    attack = point.attack
    low1, high1 = attack.top1_interval
    low5, high5 = attack.top5_interval
    return (
        f"{'re-identification attack':<36} {attack.design}\n"
        f"{'background knowledge':<36} {background_name}, {attack.people} people\n"
        f"{'TRIR top-1':<36} {attack.top1:.3f} (95% CI {low1:.3f}-{high1:.3f}), {attack.documents} documents, "
        f"chance {attack.chance:.3f}\n"
        f"{'TRIR top-5':<36} {attack.top5:.3f} (95% CI {low5:.3f}-{high5:.3f})\n"
        f"{'information kept (IC)':<36} {point.kept.information_kept:.3f}\n"
        f"{'words kept':<36} {point.kept.words_kept:.3f}\n"
    )


#: another system's spans per document, by system name (--baseline)
Systems = Mapping[str, Mapping[str, Sequence[Sequence[int]]]]


def sweep_attack_inputs(
    attack: Optional[Path], baselines: Optional[list[Path]], privacy_table: Optional[Path], privacy_plot: Optional[Path]
) -> tuple[Optional[dict[str, str]], Systems]:
    """The background knowledge and the other systems' spans, read before any work."""
    if attack is None and (baselines or privacy_table or privacy_plot):
        usage_error("--baseline, --privacy-table and --privacy-plot need --attack")
    if attack is None:
        return None, {}
    from ..evaluation import load_system_spans
    from ..evaluation.privacy import load_background

    return load_background(attack), {path.stem: load_system_spans(path) for path in baselines or []}


def attack_sweep(
    background: Optional[Mapping[str, str]],
    sanitizer: Sanitizer,
    documents: Mapping[str, str],
    gold_standard: GoldStandard,
    rows: Sequence[SweepRow],
    systems: Systems,
) -> Optional[list[PrivacyPoint]]:
    if background is None:
        return None
    from ..evaluation.privacy import PrivacyMeasure
    from ..evaluation.privacy_sweep import privacy_points

    stderr.print("attacking every setting (re-identification)", markup=False)
    generalized = Mode.GENERALIZE in (sanitizer.mode, *sanitizer.operators.values())
    return privacy_points(PrivacyMeasure(background, sanitizer, documents), rows, gold_standard, systems, generalized)
