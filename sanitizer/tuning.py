"""Sweeps of β and w over a collection, and the recommended setting.

Candidates are extracted once. Each point of a sweep is new ``Settings`` (``replace``
of the sanitizer's) run on the sanitizer's open resources, so a sweep asks the
back-ends nothing that one evaluation did not already ask. S1 does not depend on w: it
is scored once per β.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Mapping, Optional, Sequence

from .collection import run_collection
from .documents import atomic_write_text, save_figure
from .evaluation import GoldStandard, Scores, evaluate
from .evaluation.system import from_results
from .extraction.candidates import group_into_terms
from .pipeline import Sanitizer
from .result import SanitizationResult
from .settings import Settings
from .terms import CandidateTerm


@dataclass(frozen=True)
class BetaSetting:
    """β as bits, as the IC of a term (label only: the term itself is not written
    to tables), or per document from a protected name."""

    label: str
    bits: Optional[float] = None
    term: Optional[str] = None
    #: doc_id -> protected name
    names: Optional[Mapping[str, str]] = None


@dataclass(frozen=True)
class SweepRow:
    stage: str  # "S1" or "S1+S2"
    beta: str  # the BetaSetting label
    w: Optional[float]  # None for S1
    scores: Scores
    #: doc_id -> masked spans, kept when sweep() is asked to (the re-identification attack reads them)
    spans: Optional[Mapping[str, list]] = field(default=None, repr=False, compare=False)
    #: doc_id -> text as published, kept likewise when the mode writes values (evaluation/system.py)
    published: Optional[Mapping[str, str]] = field(default=None, repr=False, compare=False)
    #: doc_id -> generalized spans with their IC, kept likewise (information kept credits them)
    credits: Mapping[str, list] = field(default_factory=dict, repr=False, compare=False)
    #: the setting's β in bits, or the term whose IC it is (never written to tables)
    bits: Optional[float] = None
    term: Optional[str] = field(default=None, repr=False)
    #: S2 runs under the swept policy (so an S1 row is S1 with S2 turned off)
    s2_available: bool = False


def _asked(sanitizer: Sanitizer, base: Settings, setting: BetaSetting, w: float, doc_id: str) -> Settings:
    """The settings of one point of a sweep: ``base`` with that β and w. Bits keep the
    sanitizer's β_S2 in S2's own corpus; a term gives β in both corpora."""
    own = sanitizer.thresholds
    beta_s2 = own.beta_s2 if sanitizer.s2_has_own_corpus else None
    if setting.bits is not None:
        return replace(base, beta=setting.bits, beta_s2=beta_s2, w=w)
    if setting.term is not None:
        return replace(base, beta_term=setting.term, w=w)
    assert setting.names is not None  # a BetaSetting is bits, a term, or names
    beta, name_beta_s2 = sanitizer.information_content_of(setting.names[doc_id])
    if beta is None:  # an unseen name under "keep": the sanitizer's β
        return replace(base, beta=own.beta, beta_s2=beta_s2, w=w)
    return replace(base, beta=beta, beta_s2=name_beta_s2 if sanitizer.s2_has_own_corpus else None, w=w)


#: The dial's points when no β is given: the policy's own β and this many bits around it.
DIAL_STEPS = (-10.0, -8.0, -6.0, -4.0, -3.0, -2.0, -1.0, 0.0, 1.0, 2.0, 3.0, 4.0, 6.0, 8.0, 10.0, 14.0)


def dial_settings(own_beta: float) -> list[BetaSetting]:
    """The points of a policy's dial around its own β (the policy's own point labelled so)."""
    return [
        BetaSetting(label=f"{own_beta + step:.2f}" + (" (policy)" if step == 0 else ""), bits=own_beta + step)
        for step in DIAL_STEPS
        if own_beta + step > 0
    ]


def sweep(
    sanitizer: Sanitizer,
    texts: Mapping[str, str],
    gold: GoldStandard,
    settings: Sequence[BetaSetting],
    ws: Sequence[float],
    progress: Callable[[int, int], None] = lambda done, total: None,
    keep_spans: bool = False,
    terms: Optional[Mapping[str, Sequence[CandidateTerm]]] = None,
) -> list[SweepRow]:
    """Every setting's scores: S1 alone, and S1+S2 at each w where S2 runs under the
    sanitizer's policy (the engine `sanitize` runs: no stage it would not run). Each
    point is new Settings run on the sanitizer's open resources: no query is asked
    twice, no engine copied. ``terms``: each text's candidate terms, when the caller has
    them already grouped (they are not extracted again)."""
    ids = list(texts)
    if terms is None:
        terms = {
            doc_id: group_into_terms(texts[doc_id], spans)
            for doc_id, spans in zip(ids, sanitizer.extract([texts[i] for i in ids]))
        }
    # The policy as the sanitizer resolved it (lists, kinds and stages applied), so that
    # no point reads a policy file again; β, β_S2 and w come from each point.
    base = replace(
        sanitizer.settings,
        policy=sanitizer.policy,
        allow=(),
        deny=(),
        kinds=None,
        relatedness=None,
        s3_k=None,
        beta=None,
        beta_term=None,
        beta_s2=None,
    )
    stages: list[tuple[str, list[Optional[float]]]] = [("S1", [None])]
    if sanitizer.s2_runs:
        stages.append(("S1+S2", list(ws)))
    plan = [(setting, stage, w) for setting in settings for stage, stage_ws in stages for w in stage_ws]
    engines: dict[int, Sanitizer] = {}

    def engine(index: int, doc_id: str) -> Sanitizer:
        if index in engines:
            return engines[index]
        setting, _, w = plan[index]
        asked = _asked(sanitizer, base, setting, w if w is not None else sanitizer.thresholds.w, doc_id)
        point = Sanitizer(asked, resources=sanitizer.resources)
        if setting.names is None:  # one engine per point, unless β comes from each document's name
            engines[index] = point
        return point

    results: list[dict[str, SanitizationResult]] = [{} for _ in plan]
    # The documents are one collection, as `eval` and `sanitize` read them (collection.py).
    policy = sanitizer.policy
    collection = run_collection([texts[i] for i in ids], (), policy.collection_k) if policy.collection else None
    # Documents outside, settings inside: one document's word index and counts stay hot.
    for done, doc_id in enumerate(ids, start=1):
        for index, ((_, stage, _), per_setting) in enumerate(zip(plan, results)):
            per_setting[doc_id] = engine(index, doc_id).decide_terms(
                texts[doc_id], terms[doc_id], run_s2=stage == "S1+S2", collection=collection
            )
        progress(done, len(ids))
    return [
        _row(setting, stage, w, per_setting, texts, gold, keep_spans, sanitizer.s2_runs)
        for (setting, stage, w), per_setting in zip(plan, results)
    ]


def _row(
    setting: BetaSetting,
    stage: str,
    w: Optional[float],
    results: dict[str, SanitizationResult],
    texts: Mapping[str, str],
    gold: GoldStandard,
    keep_spans: bool,
    s2_available: bool,
) -> SweepRow:
    """One point of the sweep, scored against the gold standard."""
    output = from_results(results)
    return SweepRow(
        stage,
        setting.label,
        w,
        evaluate(texts, gold, output.spans, output.terms),
        output.spans if keep_spans else None,
        output.published if keep_spans else None,
        output.credits if keep_spans else {},
        bits=setting.bits,
        term=setting.term,
        s2_available=s2_available,
    )


def _precision_recall(scores: Scores) -> tuple[Optional[float], Optional[float], Optional[float]]:
    if scores.token_recall is not None:
        return scores.token_precision, scores.token_recall, scores.token_f1
    return scores.term_precision, scores.term_recall, scores.term_f1


def recommend(rows: Sequence[SweepRow], target_recall: float) -> tuple[Optional[SweepRow], bool]:
    """The row with the best precision among those reaching ``target_recall`` (ties: F),
    and whether any reached it; when none does, the row with the best recall."""
    reaching = [r for r in rows if (_precision_recall(r.scores)[1] or 0.0) >= target_recall]
    if reaching:
        return max(
            reaching, key=lambda r: (_precision_recall(r.scores)[0] or 0.0, _precision_recall(r.scores)[2] or 0.0)
        ), True
    if not rows:
        return None, False
    return max(
        rows, key=lambda r: (_precision_recall(r.scores)[1] or 0.0, _precision_recall(r.scores)[0] or 0.0)
    ), False


_COLUMNS = [
    "stage",
    "beta",
    "w",
    "token_precision",
    "token_recall",
    "token_f1",
    "token_f2",
    "mention_recall",
    "tokens_kept",
    "term_precision",
    "term_recall",
    "term_f1",
    "term_f2",
    "direct_entity_recall",
    "quasi_entity_recall",
]


def row_record(row: SweepRow) -> dict:
    record = {"stage": row.stage, "beta": row.beta, "w": row.w}
    scores = asdict(row.scores)
    record.update({column: scores[column] for column in _COLUMNS[3:]})
    return record


def write_table(rows: Sequence[SweepRow], path: Path) -> None:
    """CSV, or JSON when the file name ends in .json."""
    records = [row_record(r) for r in rows]
    if path.suffix.lower() == ".json":
        atomic_write_text(path, json.dumps({"schema_version": 1, "rows": records}, indent=1))
        return
    buffer = io.StringIO()
    writer = csv.DictWriter(buffer, fieldnames=_COLUMNS)
    writer.writeheader()
    for record in records:
        writer.writerow(
            {k: ("" if v is None else (f"{v:.4f}" if isinstance(v, float) else v)) for k, v in record.items()}
        )
    atomic_write_text(path, buffer.getvalue())


def plot(rows: Sequence[SweepRow], path: Path, title: str = "") -> None:
    """Precision, recall and F against w, S1+S2 solid and S1 dashed, one panel per β
    (as the paper's Figures 4-9); where S2 does not run, precision, recall, F and words
    kept along the dial β. Written as PNG, atomically."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    if not any(r.stage == "S1+S2" for r in rows):
        _plot_dial(plt, [r for r in rows if r.bits is not None], path, title)
        return

    betas = list(dict.fromkeys(r.beta for r in rows))
    figure, axes = plt.subplots(1, len(betas), figsize=(5 * len(betas), 4), squeeze=False)
    for axis, beta in zip(axes[0], betas):
        s1 = next((r for r in rows if r.beta == beta and r.stage == "S1"), None)
        # S1+S2 rows always have a w (only S1's is None)
        s2 = sorted((r for r in rows if r.beta == beta and r.stage == "S1+S2"), key=lambda r: r.w or 0.0)
        ws = [r.w or 0.0 for r in s2]
        for index, (name, color) in enumerate((("precision", "tab:blue"), ("recall", "tab:red"), ("F", "tab:green"))):
            axis.plot(
                ws, [_precision_recall(r.scores)[index] for r in s2], marker="o", color=color, label=f"{name} S1+S2"
            )
            if s1 is not None and ws:
                value = _precision_recall(s1.scores)[index]
                axis.plot([min(ws), max(ws)], [value, value], linestyle="--", color=color, label=f"{name} S1")
        axis.set_title(f"β = {beta}")
        axis.set_xlabel("w")
        axis.set_ylim(0, 1)
        axis.grid(alpha=0.3)
    axes[0][0].legend(fontsize=7, loc="lower left")
    if title:
        figure.suptitle(title)
    save_figure(figure, path)


def _plot_dial(plt: Any, rows: Sequence[SweepRow], path: Path, title: str) -> None:
    """One panel: each measure against the dial β, the policy's own point marked."""
    rows = sorted(rows, key=lambda r: r.bits or 0.0)
    figure, axis = plt.subplots(figsize=(7, 4.5))
    betas = [r.bits for r in rows]
    measures = [
        (r.scores.token_precision, r.scores.token_recall, r.scores.token_f1, r.scores.tokens_kept) for r in rows
    ]
    for index, (name, color) in enumerate(
        (("precision", "tab:blue"), ("recall", "tab:red"), ("F", "tab:green"), ("words kept", "tab:gray"))
    ):
        axis.plot(betas, [m[index] for m in measures], marker="o", color=color, label=name)
    for row in rows:
        if "(policy)" in row.beta:
            axis.axvline(row.bits, linestyle=":", color="black", label="the policy's own β")
    axis.set_xlabel("β (bits): lower masks more")
    axis.set_ylim(0, 1)
    axis.grid(alpha=0.3)
    axis.legend(fontsize=7, loc="lower left")
    if title:
        axis.set_title(title)
    save_figure(figure, path)
