"""Scores of masked spans and removed terms against expert annotations.

Token level (TAB's README): a token is a match of ``\\w+``; a set of spans masks a
token when every character of the token lies inside some span. With several
annotators (TAB JSON), recall is summed over annotators (each annotator's masks are a
separate reference), and a system token counts as correct for precision when any
annotator masked it. Mention recall: share of gold mentions (with at least one token)
all of whose tokens are masked.

Entity level (TAB JSON only): an entity (per document and annotator) is protected only
when all its DIRECT/QUASI mentions are masked; it is a direct identifier when any of its
mentions is DIRECT, else a quasi identifier.

Term level (the paper's equations 7-9): precision = |removed ∩ expert| / |removed|,
recall = |removed ∩ expert| / |expert|, F = 2PR / (P + R), over normalized terms,
summed over documents.

Utility: the share of all tokens left in clear.
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Iterable, Mapping, Optional, Sequence

from ..spans import WORD, keep_first, merge_intervals
from .gold import GoldStandard


def merge_spans(spans: Iterable[Sequence[int]]) -> list[tuple[int, int]]:
    """Overlapping or touching spans as one."""
    merged = merge_intervals(((int(s[0]), int(s[1]), None) for s in spans), keep_first, touching=True)
    return [(start, end) for start, end, _ in merged]


class Mask:
    """A set of spans, asked whether it covers a character range."""

    def __init__(self, spans: Iterable[Sequence[int]]) -> None:
        self._spans = merge_spans(spans)
        self._starts = [s for s, _ in self._spans]

    def covers(self, start: int, end: int) -> bool:
        index = bisect.bisect_right(self._starts, start) - 1
        return index >= 0 and self._spans[index][1] >= end


def _ratio(part: int, whole: int) -> Optional[float]:
    return part / whole if whole else None


def _f(precision: Optional[float], recall: Optional[float], beta: float = 1.0) -> Optional[float]:
    """F-beta: recall weighs beta times as much as precision (F2, which Presidio recommends
    for anonymization, where a miss costs more than an over-mask)."""
    if precision is None or recall is None:
        return None
    weighted = beta * beta * precision + recall
    return (1 + beta * beta) * precision * recall / weighted if weighted else 0.0


@dataclass(frozen=True)
class Scores:
    documents: int
    token_precision: Optional[float] = None
    token_recall: Optional[float] = None
    token_f1: Optional[float] = None
    #: F2: recall weighed twice as much as precision
    token_f2: Optional[float] = None
    mention_recall: Optional[float] = None
    tokens_kept: Optional[float] = None
    term_precision: Optional[float] = None
    term_recall: Optional[float] = None
    term_f1: Optional[float] = None
    term_f2: Optional[float] = None
    direct_entity_recall: Optional[float] = None
    quasi_entity_recall: Optional[float] = None
    #: token recall per gold entity type
    recall_by_type: dict[str, float] = field(default_factory=dict)


def evaluate(
    texts: Mapping[str, str],
    gold: GoldStandard,
    system_spans: Optional[Mapping[str, Sequence[Sequence[int]]]] = None,
    system_terms: Optional[Mapping[str, Iterable[str]]] = None,
) -> Scores:
    """Scores over the documents of ``texts`` (only those are counted)."""
    scores: dict = {"documents": len(texts)}
    if gold.has_spans and system_spans is not None:
        scores.update(_span_scores(texts, gold, system_spans))
    if gold.terms and system_terms is not None:
        scores.update(_term_scores(texts, gold, system_terms))
    return Scores(**scores)


def _span_scores(
    texts: Mapping[str, str], gold: GoldStandard, system_spans: Mapping[str, Sequence[Sequence[int]]]
) -> dict:
    system_tokens = correct = all_tokens = 0
    gold_tokens = both = mentions = masked_mentions = 0
    typed_gold: dict[str, int] = defaultdict(int)
    typed_both: dict[str, int] = defaultdict(int)
    entities: dict[tuple, list[bool]] = {}
    entity_class: dict[tuple, str] = {}
    for doc_id, text in texts.items():
        per_annotator = gold.spans.get(doc_id, {})
        system = Mask(system_spans.get(doc_id, ()))
        union = Mask([(s.start, s.end) for spans in per_annotator.values() for s in spans])
        tokens = [(m.start(), m.end()) for m in WORD.finditer(text)]
        all_tokens += len(tokens)
        masked = [system.covers(s, e) for s, e in tokens]
        system_tokens += sum(masked)
        correct += sum(1 for (s, e), m in zip(tokens, masked) if m and union.covers(s, e))
        for annotator, spans in per_annotator.items():
            reference = Mask([(s.start, s.end) for s in spans])
            for (s, e), m in zip(tokens, masked):
                if reference.covers(s, e):
                    gold_tokens += 1
                    both += m
            for span in spans:
                span_tokens = [
                    (m.start() + span.start, m.end() + span.start) for m in WORD.finditer(text[span.start : span.end])
                ]
                if not span_tokens:
                    continue
                whole = all(system.covers(s, e) for s, e in span_tokens)
                mentions += 1
                masked_mentions += whole
                if span.entity_type:
                    typed_gold[span.entity_type] += len(span_tokens)
                    typed_both[span.entity_type] += sum(system.covers(s, e) for s, e in span_tokens)
                if gold.has_entities:
                    key = (doc_id, annotator, span.entity_id)
                    entities.setdefault(key, []).append(whole)
                    if span.identifier_type == "DIRECT":
                        entity_class[key] = "DIRECT"
                    else:
                        entity_class.setdefault(key, span.identifier_type)
    precision, recall = _ratio(correct, system_tokens), _ratio(both, gold_tokens)
    result = {
        "token_precision": precision if precision is not None else 0.0,
        "token_recall": recall,
        "token_f1": _f(precision if precision is not None else 0.0, recall),
        "token_f2": _f(precision if precision is not None else 0.0, recall, beta=2.0),
        "mention_recall": _ratio(masked_mentions, mentions),
        "tokens_kept": 1 - system_tokens / all_tokens if all_tokens else None,
        "recall_by_type": {t: typed_both[t] / typed_gold[t] for t in sorted(typed_gold)},
    }
    if gold.has_entities:
        for label, field_name in (("DIRECT", "direct_entity_recall"), ("QUASI", "quasi_entity_recall")):
            chosen = [all(flags) for key, flags in entities.items() if entity_class[key] == label]
            result[field_name] = _ratio(sum(chosen), len(chosen))
    return result


def _term_scores(texts: Mapping[str, str], gold: GoldStandard, system_terms: Mapping[str, Iterable[str]]) -> dict:
    removed = expert = hits = 0
    for doc_id in texts:
        system = set(system_terms.get(doc_id, ()))
        reference = gold.terms.get(doc_id, set())
        removed += len(system)
        expert += len(reference)
        hits += len(system & reference)
    precision, recall = _ratio(hits, removed), _ratio(hits, expert)
    return {
        "term_precision": precision,
        "term_recall": recall,
        "term_f1": _f(precision, recall),
        "term_f2": _f(precision, recall, beta=2.0),
    }
