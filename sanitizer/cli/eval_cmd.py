"""`sanitizer eval`: score a sanitization, its reports, or another system's spans against experts."""

from __future__ import annotations

import sys
from dataclasses import asdict
from pathlib import Path
from typing import Annotated, Optional

import typer

from ..errors import InputError
from ..evaluation import GoldStandard, Scores, evaluate, fill_terms_from_spans, load_gold, load_system_spans, load_texts
from ..evaluation.system import from_reports, from_results, from_spans
from ..pipeline import DEFAULT_BACKEND, DEFAULT_W, Sanitizer
from ..scoring import ZeroCountPolicy
from .common import (
    AllowOption,
    DenyOption,
    PolicyOption,
    policy_arguments,
    AllowWebOption,
    ParallelOption,
    RateOption,
    BackendOption,
    BetaOption,
    BetaS2Option,
    BetaTermOption,
    CacheDirOption,
    ExtractorOption,
    KindsOption,
    JsonOption,
    NoCacheOption,
    S2BackendOption,
    WOption,
    WorkersOption,
    ZeroCountOption,
    announce_backends,
    print_json,
    reported_errors,
    split_kinds,
    usage_error,
)

GoldOption = Annotated[Path, typer.Option(
    "--gold", help="Expert annotations: TAB JSON, span JSON {doc_id: [[start, end, label]]}, or {doc_id: [terms]}.")]
TextsOption = Annotated[Optional[Path], typer.Option(
    "--texts", help="The documents, when the gold file has none: {doc_id: text} JSON, TAB-style list, or a folder of .txt.")]

_LABELS = [
    ("token_precision", "token precision"), ("token_recall", "token recall"), ("token_f1", "token F1"),
    ("mention_recall", "mention recall"), ("direct_entity_recall", "entity recall, direct identifiers"),
    ("quasi_entity_recall", "entity recall, quasi identifiers"), ("term_precision", "term precision (paper)"),
    ("term_recall", "term recall (paper)"), ("term_f1", "term F (paper)"), ("tokens_kept", "utility: tokens kept"),
]


def collection(gold_path: Path, texts_path: Optional[Path]) -> tuple[GoldStandard, dict[str, str]]:
    """The gold standard and the texts it scores, restricted to documents both have."""
    gold = load_gold(gold_path)
    if texts_path is not None:
        texts = load_texts(texts_path)
    elif gold.texts:
        texts = dict(gold.texts)
    else:
        raise InputError(f"{gold_path}: this gold file holds no texts; give them with --texts")
    annotated = set(gold.spans) | set(gold.terms)
    texts = {doc_id: text for doc_id, text in texts.items() if doc_id in annotated}
    if not texts:
        raise InputError("no document is both in the texts and in the gold file (check the doc_ids)")
    fill_terms_from_spans(gold, texts)
    return gold, texts


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
    gold: GoldOption,
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
    policy: PolicyOption = "default",
    allow: AllowOption = None,
    deny: DenyOption = None,
    extractor: ExtractorOption = "nltk",
    cache_dir: CacheDirOption = None,
    no_cache: NoCacheOption = False,
    workers: WorkersOption = 2,
    allow_web: AllowWebOption = False,
    parallel: ParallelOption = 8,
    rate: RateOption = None,
    json_output: JsonOption = False,
) -> None:
    """Score against expert annotations: token, mention, entity and term (paper) precision/recall, and utility."""
    with reported_errors():
        if system is not None and reports:
            usage_error("give --system or --reports, not both")
        gold_standard, documents = collection(gold, texts)
        if system is not None:
            output = from_spans(documents, load_system_spans(system))
            source = f"spans of {system.name}"
        elif reports:
            output = from_reports(reports)
            source = "reports"
        else:
            with Sanitizer(backend, beta=beta, beta_term=beta_term, w=w, s2_backend=s2_backend, beta_s2=beta_s2,
                           **policy_arguments(policy, allow, deny),
                           extractor=extractor, zero_count=zero_count.value, kinds=split_kinds(kinds), cache_dir=cache_dir,
                           use_cache=not no_cache, allow_web=allow_web, parallel=parallel, rate_limit=rate, workers=workers) as sanitizer:
                announce_backends(sanitizer)
                ids = list(documents)
                results = dict(zip(ids, sanitizer.sanitize_many([documents[i] for i in ids])))
                output = from_results(results)
                t = sanitizer.thresholds
                source = (f"sanitizer (policy {sanitizer.policy.name}, β {t.beta:.2f}, β_S2 {t.beta_s2:.2f}, w {t.w}, "
                          f"τ {t.tau:.2f})")
        scores = evaluate(documents, gold_standard, output.spans, output.terms)
        if json_output:
            print_json({"system": source, "gold_format": gold_standard.format,
                        "annotators": len(gold_standard.annotators()), "scores": asdict(scores)})
        else:
            sys.stdout.write(f"{'system':<36} {source}\n{'gold':<36} {gold_standard.format}, "
                             f"{len(gold_standard.annotators()) or 1} annotator(s)\n" + scores_table(scores))
