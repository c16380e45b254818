"""`sanitizer eval`: score a sanitization, its reports, or another system's spans against experts."""

from __future__ import annotations

import sys
from dataclasses import asdict
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Mapping, Optional, Sequence

import typer

from ..annotations.formats import AnnotationFormat
from ..errors import InputError
from ..evaluation import GoldStandard, Scores, evaluate, fill_terms_from_spans, load_gold, load_system_spans, load_texts
from ..evaluation.system import SystemOutput, from_reports, from_results, from_spans
from ..pipeline import Sanitizer
from ..scoring import ZeroCountPolicy
from ..settings import DEFAULT_BACKEND, DEFAULT_W, Settings
from ic_sanitizer.corpus_stats.files.path_guard import RunPath, check_outputs, output_path

from .common import (
    engine_reads,
    AllowOption,
    DenyOption,
    PolicyOption,
    AllowWebOption,
    ParallelOption,
    RateOption,
    BackendOption,
    BetaOption,
    BetaS2Option,
    BetaTermOption,
    CacheDirOption,
    ExtractorOption,
    HideOption,
    KindsOption,
    ProtectOption,
    ProtectedNamesOption,
    RelatednessOption,
    S3KOption,
    read_protected_names,
    JsonOption,
    NoCacheOption,
    S2BackendOption,
    WOption,
    WorkersOption,
    ZeroCountOption,
    announce_backends,
    print_json,
    reported_errors,
    stderr,
    usage_error,
)
from .engine_options import EngineOptions, LanguageChoice, LanguageOption
from .notices import announce_inert_settings

if TYPE_CHECKING:
    from ..evaluation.privacy import PrivacyPoint

GoldOption = Annotated[Path, typer.Option(
    "--gold", help="Expert annotations: TAB JSON, span JSON {doc_id: [[start, end, label]]}, {doc_id: [terms]}, or "
                   "BRAT, doccano, Label Studio, CoNLL/BIO or i2b2 (see --gold-format).")]
GoldFormatOption = Annotated[Optional[AnnotationFormat], typer.Option(
    "--gold-format", help="The --gold file's annotation format when its content does not say: brat (a folder of .txt "
                          "and .ann), doccano (JSONL), label-studio (JSON tasks), conll (BIO), i2b2 (XML). "
                          "[default: told by content]", show_default=False)]
TextsOption = Annotated[Optional[Path], typer.Option(
    "--texts", help="The documents, when the gold file has none: {doc_id: text} JSON, TAB-style list, or a folder of .txt.")]
AttackOption = Annotated[Optional[Path], typer.Option(
    "--attack", help="Background knowledge {doc_id: public text about the person it protects}: also run the "
                     "re-identification attack and report TRIR (top-1, top-5, 95% CI), information and words kept. "
                     "Needs the 'attack' extra.")]

_LABELS = [
    ("token_precision", "token precision"), ("token_recall", "token recall"), ("token_f1", "token F1"),
    ("token_f2", "token F2 (recall weighed twice)"), ("mention_recall", "mention recall"), ("direct_entity_recall", "entity recall, direct identifiers"),
    ("quasi_entity_recall", "entity recall, quasi identifiers"), ("term_precision", "term precision (paper)"),
    ("term_recall", "term recall (paper)"), ("term_f1", "term F (paper)"),
    ("term_f2", "term F2"), ("tokens_kept", "utility: tokens kept"),
]


def collection(gold_path: Path, texts_path: Optional[Path],
               gold_format: Optional[AnnotationFormat] = None) -> tuple[GoldStandard, dict[str, str]]:
    """The gold standard and the texts it scores, restricted to documents both have.

    Every gold span must lie inside its text; doc_ids of the gold file without a text
    are named in one warning line (they are not scored)."""
    gold = load_gold(gold_path, None if gold_format is None else gold_format.value)
    if texts_path is not None:
        texts = load_texts(texts_path)
    elif gold.texts:
        texts = dict(gold.texts)
    else:
        raise InputError(f"{gold_path}: this gold file holds no texts; give them with --texts")
    if not all(isinstance(text, str) for text in texts.values()):
        raise InputError(f"{texts_path or gold_path}: a document's text is not a string")
    annotated = set(gold.spans) | set(gold.terms)
    warn_unknown_ids(annotated - set(texts), f"the gold file {gold_path.name}")
    texts = {doc_id: text for doc_id, text in texts.items() if doc_id in annotated}
    if not texts:
        raise InputError("no document is both in the texts and in the gold file (check the doc_ids)")
    check_spans_inside(texts, {doc_id: [(s.start, s.end) for spans in per_annotator.values() for s in spans]
                               for doc_id, per_annotator in gold.spans.items()}, f"the gold file {gold_path}")
    fill_terms_from_spans(gold, texts)
    return gold, texts


def warn_unknown_ids(unknown: set[str], where: str) -> None:
    if unknown:
        listed = sorted(unknown)
        shown = ", ".join(repr(i) for i in listed[:10]) + (f" and {len(listed) - 10} more" if len(listed) > 10 else "")
        stderr.print(f"warning: {len(listed)} doc_id(s) of {where} have no text and are not scored: {shown}",
                     markup=False)


def check_spans_inside(texts: dict[str, str], spans: dict[str, list[tuple[int, int]]], where: str) -> None:
    """Refuse a span that does not lie within its text (0 <= start <= end <= length)."""
    for doc_id, doc_spans in spans.items():
        if doc_id not in texts:
            continue
        length = len(texts[doc_id])
        for start, end in doc_spans:
            if not 0 <= start <= end <= length:
                raise InputError(f"{where}: a span of doc_id {doc_id!r} ({start}-{end}) lies outside its text "
                                 f"of {length:,} characters")


def scores_table(scores: Scores) -> str:
    lines = [f"{'documents':<36} {scores.documents}"]
    values = asdict(scores)
    for key, label in _LABELS:
        if values[key] is not None:
            lines.append(f"{label:<36} {values[key]:.3f}")
    for entity_type, recall in scores.recall_by_type.items():
        lines.append(f"{'token recall, ' + entity_type:<36} {recall:.3f}")
    return "\n".join(lines) + "\n"


def eval_command(
    context: typer.Context,
    gold: GoldOption,
    gold_format: GoldFormatOption = None,
    texts: TextsOption = None,
    system: Annotated[Optional[Path], typer.Option("--system", help="Score another system's masked spans {doc_id: [[start, end, ...]]} instead of running the sanitizer.")] = None,
    reports: Annotated[Optional[list[Path]], typer.Option("--reports", help="Score reports of `sanitizer sanitize --report` instead of running the sanitizer (repeatable).")] = None,
    backend: BackendOption = DEFAULT_BACKEND,
    beta: BetaOption = None,
    beta_term: BetaTermOption = None,
    s2_backend: S2BackendOption = "auto",
    beta_s2: BetaS2Option = None,
    w: WOption = DEFAULT_W,
    zero_count: ZeroCountOption = ZeroCountPolicy.SENSITIVE,
    kinds: KindsOption = None,
    hide: HideOption = None,
    relatedness: RelatednessOption = None,
    protect: ProtectOption = None,
    protected_names: ProtectedNamesOption = None,
    s3_k: S3KOption = None,
    policy: PolicyOption = "default",
    allow: AllowOption = None,
    deny: DenyOption = None,
    extractor: ExtractorOption = "nltk",
    language: LanguageOption = LanguageChoice.AUTO,
    cache_dir: CacheDirOption = None,
    no_cache: NoCacheOption = False,
    workers: WorkersOption = 2,
    allow_web: AllowWebOption = False,
    parallel: ParallelOption = 8,
    rate: RateOption = None,
    attack: AttackOption = None,
    attack_features: Annotated[Optional[Path], typer.Option(
        "--attack-features", parser=output_path, help="Write, per document, the clear n-grams the attack relies on most (JSON, owner-"
                                  "readable only: it quotes the documents). Needs --attack.")] = None,
    json_output: JsonOption = False,
) -> None:
    """Score against expert annotations: token, mention, entity and term (paper) precision/recall, and utility."""
    options = EngineOptions.of(context)
    with reported_errors():
        if system is not None and reports:
            usage_error("give --system or --reports, not both")
        reads = [RunPath("--gold", gold), RunPath("--texts", texts), RunPath("--system", system),
                 *(RunPath("--reports", path) for path in reports or []), RunPath("--protected-names", protected_names),
                 *engine_reads(policy, allow, deny, [backend, s2_backend], cache_dir, not no_cache)]
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
                privacy = attack_documents(background, sanitizer, documents, output.spans, attack_features)
        _print_scores(source, gold_standard, scores, privacy, attack, json_output)


def _sanitized(asked: Settings, documents: dict[str, str], names: dict[str, list[str]],
               given: frozenset[str]) -> tuple[SystemOutput, str]:
    """What the sanitizer masks in the documents (protecting each one's names), and its settings in brief."""
    with Sanitizer(asked) as sanitizer:
        announce_backends(sanitizer)
        announce_inert_settings(sanitizer, given, names_per_document=bool(names))
        ids = list(documents)
        results = dict(zip(ids, sanitizer.sanitize_many([documents[i] for i in ids],
                                                        protect=[names.get(i, []) for i in ids])))
        t = sanitizer.thresholds
        return from_results(results), f"sanitizer (policy {sanitizer.policy.name}, {t.summary(sanitizer.s2_runs)})"


def _other_system(documents: dict[str, str], system: Optional[Path],
                  reports: Optional[list[Path]]) -> tuple[SystemOutput, str]:
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


def _print_scores(source: str, gold_standard: GoldStandard, scores: Scores, privacy: Optional[PrivacyPoint],
                  attack: Optional[Path], json_output: bool) -> None:
    if json_output:
        payload = {"system": source, "gold_format": gold_standard.format,
                   "annotators": len(gold_standard.annotators()), "scores": asdict(scores)}
        if privacy is not None:
            assert attack is not None  # the attack runs only with --attack (read_background)
            payload["attack"] = {"background_knowledge": attack.name, **privacy.attack.record(),
                                 **privacy.kept.record()}
        print_json(payload)
        return
    sys.stdout.write(f"{'system':<36} {source}\n{'gold':<36} {gold_standard.format}, "
                     f"{len(gold_standard.annotators()) or 1} annotator(s)\n" + scores_table(scores))
    if privacy is not None:
        assert attack is not None  # the attack runs only with --attack (read_background)
        sys.stdout.write(attack_table(privacy, attack.name))


def read_background(attack: Optional[Path], features_path: Optional[Path],
                    reads: list[RunPath]) -> Optional[dict[str, str]]:
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


def attack_documents(background: Mapping[str, str], sanitizer: Sanitizer, documents: dict[str, str],
                     spans: Mapping[str, Sequence[Sequence[int]]], features_path: Optional[Path]) -> PrivacyPoint:
    """The attack on the masked documents, and information kept; the features file on request."""
    from ..evaluation.privacy import PrivacyMeasure

    measure = PrivacyMeasure(background, sanitizer, documents)
    if measure.unattacked:
        stderr.print(f"note: {measure.unattacked} of {len(documents)} documents have no entry in the background "
                     "knowledge; the attack leaves them out", markup=False)
    point = measure.measure("evaluated", spans)
    if features_path is not None:
        measure.write_features(spans, features_path)
    return point


def attack_table(point: PrivacyPoint, background_name: str) -> str:
    attack = point.attack
    low1, high1 = attack.top1_interval
    low5, high5 = attack.top5_interval
    return (f"{'re-identification attack':<36} {attack.design}\n"
            f"{'background knowledge':<36} {background_name}, {attack.people} people\n"
            f"{'TRIR top-1':<36} {attack.top1:.3f} (95% CI {low1:.3f}-{high1:.3f}), {attack.documents} documents, "
            f"chance {attack.chance:.3f}\n"
            f"{'TRIR top-5':<36} {attack.top5:.3f} (95% CI {low5:.3f}-{high5:.3f})\n"
            f"{'information kept (IC)':<36} {point.kept.information_kept:.3f}\n"
            f"{'words kept':<36} {point.kept.words_kept:.3f}\n")
