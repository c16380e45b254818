"""`sanitizer eval`: score a sanitization, its reports, or another system's spans against experts."""

from __future__ import annotations

import sys
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Optional

import typer

from ic_sanitizer.corpus_stats.files.path_guard import RunPath, output_path

from ..evaluation import GoldStandard, Scores, evaluate, load_system_spans
from ..evaluation.system import SystemOutput, from_reports, from_results, from_spans
from ..pipeline import Sanitizer
from ..settings import Settings
from .attack_inputs import AttackOption, attack_documents, attack_table, read_background
from .common import (
    announce_backends,
    engine_reads,
    print_json,
    read_protected_names,
    reported_errors,
    usage_error,
)
from .engine_options import EngineOptions
from .engine_params import CHOOSING, CORPORA, DIAL, OPENING, POLICY, PROTECTING, WRITING, engine_options
from .gold_inputs import GoldFormatOption, GoldOption, TextsOption, check_spans_inside, collection, warn_unknown_ids
from .notices import announce_inert_settings
from .options import (
    JsonOption,
    ProtectedNamesOption,
    repeatable,
)

if TYPE_CHECKING:
    from ..evaluation.privacy import PrivacyPoint


_LABELS = [
    ("token_precision", "token precision"),
    ("token_recall", "token recall"),
    ("token_f1", "token F1"),
    ("token_f2", "token F2 (recall weighed twice)"),
    ("mention_recall", "mention recall"),
    ("direct_entity_recall", "entity recall, direct identifiers"),
    ("quasi_entity_recall", "entity recall, quasi identifiers"),
    ("term_precision", "term precision (paper)"),
    ("term_recall", "term recall (paper)"),
    ("term_f1", "term F (paper)"),
    ("term_f2", "term F2"),
    ("tokens_kept", "utility: tokens kept"),
]


def scores_table(scores: Scores) -> str:
    lines = [f"{'documents':<36} {scores.documents}"]
    values = asdict(scores)
    for key, label in _LABELS:
        if values[key] is not None:
            lines.append(f"{label:<36} {values[key]:.3f}")
    for entity_type, recall in scores.recall_by_type.items():
        lines.append(f"{'token recall, ' + entity_type:<36} {recall:.3f}")
    return "\n".join(lines) + "\n"


@engine_options(*CORPORA, *DIAL, *POLICY, *WRITING, *CHOOSING, *PROTECTING, *OPENING)
def eval_command(
    context: typer.Context,
    gold: GoldOption,
    gold_format: GoldFormatOption = None,
    texts: TextsOption = None,
    system: Annotated[
        Optional[Path],
        typer.Option(
            "--system",
            help="Score another system's masked spans {doc_id: [[start, end, ...]]} instead of running the sanitizer.",
        ),
    ] = None,
    reports: Annotated[
        Optional[list[Path]],
        repeatable(
            "--reports",
            help="Score reports of `sanitizer sanitize --report` instead of running the sanitizer (repeatable).",
        ),
    ] = None,
    protected_names: ProtectedNamesOption = None,
    attack: AttackOption = None,
    attack_features: Annotated[
        Optional[Path],
        typer.Option(
            "--attack-features",
            parser=output_path,
            help="Write, per document, the clear n-grams the attack relies on most (JSON, owner-"
            "readable only: it quotes the documents). Needs --attack.",
        ),
    ] = None,
    json_output: JsonOption = False,
) -> None:
    """Score against expert annotations: token, mention, entity and term (paper) precision/recall, and utility."""
    options = EngineOptions.of(context)
    with reported_errors():
        if system is not None and reports:
            usage_error("give --system or --reports, not both")
        reads = [
            RunPath("--gold", gold),
            RunPath("--texts", texts),
            RunPath("--system", system),
            *(RunPath("--reports", path) for path in reports or []),
            RunPath("--protected-names", protected_names),
            *engine_reads(options.params),
        ]
        background = read_background(attack, attack_features, reads)
        gold_standard, documents = collection(gold, texts, gold_format)
        names = read_protected_names(protected_names)
        if system is not None or reports:
            output, source = _other_system(documents, system, reports)
        else:
            output, source = _sanitized(options.settings(), documents, names, options.given)
        scores = evaluate(documents, gold_standard, output.spans, output.terms)
        privacy = None
        if background is not None:
            with Sanitizer(options.settings()) as sanitizer:
                if system is not None or reports:
                    announce_backends(sanitizer)
                privacy = attack_documents(background, sanitizer, documents, output.spans, attack_features, output)
        _print_scores(source, gold_standard, scores, privacy, attack, json_output)


def _sanitized(
    asked: Settings, documents: dict[str, str], names: dict[str, list[str]], given: frozenset[str]
) -> tuple[SystemOutput, str]:
    """What the sanitizer masks in the documents (protecting each one's names), and its settings in brief."""
    with Sanitizer(asked) as sanitizer:
        announce_backends(sanitizer)
        announce_inert_settings(sanitizer, given, names_per_document=bool(names))
        ids = list(documents)
        results = dict(
            zip(
                ids,
                sanitizer.sanitize_many(
                    [documents[i] for i in ids], protect=[names.get(i, []) for i in ids], refuse_batch=True
                ),
            )
        )
        t = sanitizer.thresholds
        return from_results(results), f"sanitizer (policy {sanitizer.policy.name}, {t.summary(sanitizer.s2_runs)})"


def _other_system(
    documents: dict[str, str], system: Optional[Path], reports: Optional[list[Path]]
) -> tuple[SystemOutput, str]:
    """The masked spans of another system (--system) or of reports (--reports), and what they are."""
    if system is not None:
        spans = load_system_spans(system)
        warn_unknown_ids(set(spans) - set(documents), f"the system spans {system.name}")
        check_spans_inside(documents, spans, f"the system spans {system}")
        inside = {doc_id: doc_spans for doc_id, doc_spans in spans.items() if doc_id in documents}
        return from_spans(documents, inside), f"spans of {system.name}"
    output = from_reports(reports or [])
    warn_unknown_ids(set(output.spans) - set(documents), "the reports")
    check_spans_inside(documents, output.spans, "a report")
    return output, "reports"


def _print_scores(
    source: str,
    gold_standard: GoldStandard,
    scores: Scores,
    privacy: Optional[PrivacyPoint],
    attack: Optional[Path],
    json_output: bool,
) -> None:
    if json_output:
        payload = {
            "system": source,
            "gold_format": gold_standard.format,
            "annotators": len(gold_standard.annotators()),
            "scores": asdict(scores),
        }
        if privacy is not None:
            assert attack is not None  # the attack runs only with --attack (read_background)
            payload["attack"] = {
                "background_knowledge": attack.name,
                **privacy.attack.record(),
                **privacy.kept.record(),
            }
        print_json(payload)
        return
    sys.stdout.write(
        f"{'system':<36} {source}\n{'gold':<36} {gold_standard.format}, "
        f"{len(gold_standard.annotators()) or 1} annotator(s)\n" + scores_table(scores)
    )
    if privacy is not None:
        assert attack is not None  # the attack runs only with --attack (read_background)
        sys.stdout.write(attack_table(privacy, attack.name))
