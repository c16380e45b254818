"""What the review page shows: every candidate of a sanitized document as a span of its text.

A document's spans are built in two layers, so that with no decision changed the
page's preview is exactly the sanitizer's output:

1. the spans the sanitizer replaced (``SanitizationResult.replacements``: every
   occurrence of every removed term, overlaps merged), each masked;
2. every occurrence of every kept term (its mentions and the occurrences redaction's
   search finds), overlaps merged, leaving out those inside a replaced span, each kept.

A reviewer's decision is per span: accept (mask it) or decline (keep it in clear).
The text that results is ``reviewed_text``; the page's script computes the same text
for its preview (tests hold the two equal).
"""

from __future__ import annotations

import bisect
import hashlib
import json
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from ..entities import entity_kinds
from ..pipeline import SanitizationResult, Sanitizer
from ..redaction import Mode, Placeholders, Replacement, apply_replacements, find_occurrences, placeholder_label
from ..report import backend_summary, run_report, term_record
from ..spans import keep_first, merge_intervals
from ..stages import ScoredTerm
from ..terms import TermKind

#: the modes the page previews, for every kind: placeholders, the marker, deletions and
#: generalizations (the other operators' values are drawn with a key the page does not hold)
PREVIEWED_MODES = (Mode.TAG, Mode.REDACT, Mode.SUPPRESS, Mode.GENERALIZE)


def previewed(mode: Mode) -> bool:
    return mode in PREVIEWED_MODES


@dataclass(frozen=True)
class ReviewSpan:
    """One span of the text: a candidate term's occurrence, masked or kept by the sanitizer."""

    start: int
    end: int
    #: index into ReviewDocument.terms
    term: int
    masked: bool
    #: in generalize mode, the generalization the sanitizer wrote for this masked span (None:
    #: a placeholder, or another mode)
    value: Optional[str] = None


@dataclass(frozen=True)
class ReviewDocument:
    #: the document's name in decisions files (see inputs.document_id)
    input: str
    text: str
    terms: tuple[ScoredTerm, ...]
    #: in text order, never overlapping
    spans: tuple[ReviewSpan, ...]
    #: entity key -> the kind its placeholder shows
    entity_kinds: Mapping[str, TermKind]
    mode: Mode

    @property
    def sha256(self) -> str:
        return text_sha256(self.text)

    def entity_of(self, span: ReviewSpan) -> str:
        term = self.terms[span.term]
        return term.entity or term.term.key


def text_sha256(text: str) -> str:
    """The SHA-256 of a document as the report and decisions files give it (UTF-8)."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _overlaps(start: int, end: int, starts: Sequence[int], ends: Sequence[int]) -> bool:
    """Whether [start, end) overlaps one of the sorted, disjoint intervals (starts, ends)."""
    index = bisect.bisect_right(starts, start) - 1
    if index >= 0 and ends[index] > start:
        return True
    return index + 1 < len(starts) and starts[index + 1] < end


def review_document(name: str, text: str, result: SanitizationResult) -> ReviewDocument:
    """The review spans of one sanitized document."""
    index_of = {s.term.key: i for i, s in enumerate(result.terms)}
    masked = [
        ReviewSpan(r.start, r.end, index_of[r.term], True, r.replacement if _generalized(r) else None)
        for r in result.replacements
    ]
    starts, ends = [s.start for s in masked], [s.end for s in masked]
    occurrences: list[tuple[int, int, int]] = []
    for index, scored in enumerate(result.terms):
        if scored.removed:
            continue
        occurrences.extend((m.start, m.end, index) for m in scored.term.mentions)
        found = find_occurrences(text, scored.term, with_possessive=result.mode is Mode.SUPPRESS)
        occurrences.extend((start, end, index) for start, end in found)
    kept = [
        ReviewSpan(start, end, index, False)
        for start, end, index in merge_intervals(occurrences, keep_first)
        if not _overlaps(start, end, starts, ends)
    ]
    entity_of = {s.term.key: s.entity or s.term.key for s in result.terms}
    return ReviewDocument(
        name,
        text,
        result.terms,
        tuple(sorted(masked + kept, key=lambda s: s.start)),
        entity_kinds(result.terms, entity_of),
        result.mode,
    )


def _generalized(replacement: Replacement) -> bool:
    return replacement.generalized is not None and replacement.generalized.chosen is not None


def reviewed_replacements(document: ReviewDocument, masked: Sequence[bool]) -> list[Replacement]:
    """The replacements of the spans flagged in ``masked`` (one flag per span), numbered as
    the page does. In generalize mode a span keeps the sanitizer's generalization, unless it
    writes a text the reviewer masked and the sanitizer had kept ("a city in Poland" once
    "Poland" is masked): then, as a span the reviewer masked, its placeholder."""
    placeholders = Placeholders(Mode.TAG if document.mode is Mode.GENERALIZE else document.mode)
    added = [document.text[s.start : s.end].lower() for s, mask in zip(document.spans, masked) if mask and not s.masked]
    replacements = []
    for span, mask in zip(document.spans, masked, strict=True):
        if mask:
            entity = document.entity_of(span)
            replacement = placeholders.replacement(entity, document.entity_kinds[entity])
            if span.value is not None and not any(text in span.value.lower() for text in added):
                replacement = span.value
            replacements.append(
                Replacement(
                    span.start,
                    span.end,
                    document.terms[span.term].term.key,
                    replacement,
                    document.entity_kinds[entity],
                    entity,
                )
            )
    return replacements


def reviewed_text(document: ReviewDocument, masked: Sequence[bool]) -> str:
    """The document with the spans flagged in ``masked`` (one flag per span) replaced."""
    return apply_replacements(document.text, reviewed_replacements(document, masked))


def review_settings(sanitizer: Sanitizer) -> dict[str, Any]:
    """The settings a review was made under: decisions apply only to a run with the same."""
    settings = dict(run_report(sanitizer, [])["settings"])
    # The allow and deny lists decide too; a digest, as the settings are shown in messages.
    lists = json.dumps([sorted(sanitizer.policy.allow), sorted(sanitizer.policy.deny)], ensure_ascii=False)
    settings["allow_deny_lists"] = hashlib.sha256(lists.encode("utf-8")).hexdigest()
    for role, backend in (("backend", sanitizer.backend), ("s2_backend", sanitizer.s2_backend)):
        summary = backend_summary(backend)
        settings[role] = {"name": summary["name"], "fingerprint": summary["fingerprint"]}
    return settings


def _utf16_offsets(text: str, positions: Sequence[int]) -> list[int]:
    """Code-point offsets as the browser's strings count them (UTF-16 code units)."""
    if not text or max(text) <= "\uffff":
        return list(positions)
    extra, running = [0] * (len(text) + 1), 0
    for index, character in enumerate(text):
        extra[index] = running
        running += character > "\uffff"
    extra[len(text)] = running
    return [position + extra[position] for position in positions]


def _term_data(scored: ScoredTerm) -> dict[str, Any]:
    """A term as the page's script reads it: its line of the report, with the entity that
    "decide the whole entity" groups by (a term of no entity is its own)."""
    return {**term_record(scored), "entity": scored.entity or scored.term.key}


def document_data(document: ReviewDocument) -> dict[str, Any]:
    """One document as the page's script reads it: spans as [start, end, start16, end16,
    term, masked, value] (value: the generalization written, or null)."""
    bounds = _utf16_offsets(document.text, [p for s in document.spans for p in (s.start, s.end)])
    return {
        "input": document.input,
        "sha256": document.sha256,
        "text": document.text,
        "terms": [_term_data(s) for s in document.terms],
        "labels": {entity: placeholder_label(kind) for entity, kind in document.entity_kinds.items()},
        "spans": [
            [s.start, s.end, bounds[2 * i], bounds[2 * i + 1], s.term, int(s.masked), s.value]
            for i, s in enumerate(document.spans)
        ],
    }
