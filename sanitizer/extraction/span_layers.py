"""Combining the candidates of the three finders without letting one swallow another.

Identifiers found by their form (recognizers) are taken as they are; a name keeps the
parts of its span that no identifier covers; a noun phrase keeps the parts that no
identifier or name covers. So "7 January 2021 Bagbin" is a date and a name, never one
date, and "Price’s wife" is a name and a noun phrase. Every part is trimmed by the
clean-span rule, so no part begins or ends with whitespace, an unbalanced bracket or
quote, or a sentence's full stop; a part with no word left is dropped.

Public references (public_references: "section 70", "the Army Act 1955") come right after
the identifiers: a name or a noun phrase never runs into one.

Numbers that only number paragraphs or list items ("4." at the start of a line) are
layout, not content, and are dropped.
"""

from __future__ import annotations

import bisect
import re
from typing import Iterable, Mapping, Sequence

from ..lang.en.lexicon import SCALE_WORDS, TEEN_WORDS, TENS_WORDS, UNIT_WORDS
from ..lang.en.person_roles import role_kind
from ..recognizers.span_cleaning import clean_span
from ..spans import keep_first, merge_intervals
from ..terms import KIND_FAMILIES, CandidateSpan, TermKind, merge_overlapping

_WORD_OR_NUMBER = re.compile(r"[^\W_]{2,}|\d")
_LETTER = re.compile(r"[^\W\d_]")
#: kinds only words say: a part of such a span without a letter is a number
_SAID_BY_WORDS = KIND_FAMILIES["name"] | {TermKind.PROFESSION, TermKind.RELATION, TermKind.SEX, TermKind.WORK}
#: kinds a phrase takes from its role's word (person_roles)
_ROLES = frozenset({TermKind.PROFESSION, TermKind.RELATION})
_NUMBER_WORD = re.compile(
    rf"\d|\b(?:{'|'.join((*UNIT_WORDS, *TEEN_WORDS, *TENS_WORDS, *SCALE_WORDS, 'half', 'dozen'))})\b", re.IGNORECASE
)
_POSSESSIVE_START = re.compile(r"['\u2019]s\s+")
_LIST_NUMBER = re.compile(r"\(?\d{1,3}\)?")
_AFTER_LIST_NUMBER = re.compile(r"[.)]?[ \t]")


class _Covered:
    """Disjoint covered intervals in order, so that the ones a span meets are found by
    bisection (a scan from the first, per span, was quadratic in a block's length)."""

    def __init__(self, intervals: Iterable[tuple[int, int]]) -> None:
        merged = merge_intervals(((start, end, None) for start, end in intervals), keep_first)
        self.intervals = [(start, end) for start, end, _ in merged]
        self._ends = [end for _, end in self.intervals]

    def uncovered(self, start: int, end: int) -> Iterable[tuple[int, int]]:
        """The parts of [start, end) outside every covered interval."""
        cursor = start
        for block_start, block_end in self.intervals[bisect.bisect_right(self._ends, start) :]:
            if block_start >= end:
                break
            if block_start > cursor:
                yield cursor, block_start
            cursor = max(cursor, block_end)
        if cursor < end:
            yield cursor, end


def _parts(text: str, span: CandidateSpan, covered: _Covered) -> Iterable[CandidateSpan]:
    for start, end in covered.uncovered(span.start, span.end):
        cleaned = clean_span(text, start, end)
        if cleaned is None:
            continue
        start, end = cleaned
        # What follows a name's possessive is not part of it: "K’s illness" leaves "illness".
        possessive = _POSSESSIVE_START.match(text, start - 1) if start else None
        if possessive is not None and possessive.end() < end:
            start = possessive.end()
        piece = text[start:end]
        # A person's name may be one letter ("K", "W.K."), as may any name written as initials (a place's
        # "in O."); a part of another span needs a word.
        one_letter = span.kind is TermKind.PERSON or span.source == "initials"
        wordy = re.search(r"[^\W_]", piece) if one_letter else _WORD_OR_NUMBER.search(piece)
        # a possessive's "s" left alone is no word; a capital "S" standing alone may be a name's letter
        if not wordy or piece == "s" or piece.lower() in {"'s", "\u2019s"}:
            continue
        kind = span.kind
        if kind is TermKind.NUMBER and not _NUMBER_WORD.search(piece):
            kind = TermKind.NOUN_PHRASE  # the number went to an identifier ("7 January 2021 Bagbin")
        elif kind in _SAID_BY_WORDS and not _LETTER.search(piece):
            kind = TermKind.NUMBER  # its words went to a name: "2015-2019 Developer" leaves a number, no trade
        elif kind in _ROLES and (start, end) != (span.start, span.end) and not _says_a_role(piece, kind):
            kind = TermKind.NOUN_PHRASE  # its role went to a name: "Tell Gran" leaves "Tell", no relative
        yield CandidateSpan(start, end, kind, span.source)


def _says_a_role(piece: str, kind: TermKind) -> bool:
    """Whether a part of a role's phrase still ends with a role of ``kind``: "his brother",
    "the taxi driver" (person_roles reads a trade of several words whole)."""
    words = piece.lower().split()
    return any(role_kind(" ".join(words[i:])) is kind for i in range(len(words)))


def _is_list_number(text: str, span: CandidateSpan) -> bool:
    """A number of at most three digits opening its line, followed by ".", ")" or a space: "4. The"."""
    if span.kind is not TermKind.NUMBER or not _LIST_NUMBER.fullmatch(text[span.start : span.end]):
        return False
    line_start = text.rfind("\n", 0, span.start) + 1
    return not text[line_start : span.start].strip(" \t(") and _AFTER_LIST_NUMBER.match(text, span.end) is not None


#: The layers of candidates, first first: a layer keeps only what the layers before it left
#: uncovered. Identifiers (the recognizers) are whole; a public reference is never read as a
#: code or a name; a name (the shared rule, initials) before the noun phrase that holds it;
#: an extractor's own entities (spaCy's NER) only where the layers before found nothing.
#: `sanitizer recognizers` shows this order.
LAYERS = ("identifiers", "public_references", "names", "extractor_entities", "noun_phrases")
#: layers whose spans are taken whole or not at all: an entity cut around a name it holds
#: leaves fragments ("the" of "the European Court"); as a layer of names the entities cost
#: 7.7 points of precision on TAB 65-127 for 0.7 of recall (benchmarks/publishable.py --extractor spacy)
WHOLE_ONLY = frozenset({"extractor_entities"})


def layered(text: str, layers: Mapping[str, Sequence[CandidateSpan]]) -> list[CandidateSpan]:
    """The spans of every layer of LAYERS (``layers`` holds each by name), the first whole,
    each later one cut to the parts the layers before it left uncovered."""
    if set(layers) != set(LAYERS):
        raise ValueError(f"layers must be {', '.join(LAYERS)}")
    first, *later = LAYERS
    taken = _Covered((s.start, s.end) for s in layers[first])
    result = list(layers[first])
    for name in later:
        spans = layers[name]
        if name in WHOLE_ONLY:
            spans = [span for span in spans if list(taken.uncovered(span.start, span.end)) == [(span.start, span.end)]]
        parts = [part for span in spans for part in _parts(text, span, taken)]
        parts = [p for p in parts if not _is_list_number(text, p)]
        result.extend(parts)
        taken = _Covered([*taken.intervals, *((p.start, p.end) for p in parts)])
    return result


def outside(spans: Iterable[CandidateSpan], covering: Iterable[CandidateSpan]) -> list[CandidateSpan]:
    """The spans that meet none of ``covering`` (found by bisection: a scan per span was quadratic)."""
    covered = _Covered((c.start, c.end) for c in covering)
    return [s for s in spans if list(covered.uncovered(s.start, s.end)) == [(s.start, s.end)]]


def language_candidates(
    text: str,
    identifiers: Sequence[CandidateSpan],
    names: Iterable[CandidateSpan],
    noun_phrases: Iterable[CandidateSpan],
    public_references: Sequence[CandidateSpan] = (),
) -> list[CandidateSpan]:
    """The candidates of a language's own rules (no extractor entities), each layer merged, in LAYERS' order."""
    layers = {
        "identifiers": identifiers,
        "public_references": public_references,
        "names": merge_overlapping(names),
        "extractor_entities": [],
        "noun_phrases": merge_overlapping(noun_phrases),
    }
    return merge_overlapping(layered(text, layers))
