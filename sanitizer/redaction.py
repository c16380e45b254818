"""Removing terms from a document: every occurrence, in one of three modes.

A removed term goes wherever it occurs, not only where the extractor found it: the
text is searched for the term's words case-insensitively, at word boundaries, with
any whitespace between words, typographic variants of quotes and dashes, and an
optional possessive ('s). Overlapping occurrences merge into one replaced span.

Modes: ``suppress`` deletes (the paper's D''), ``redact`` writes a fixed marker,
``tag`` writes a placeholder that is the same for every occurrence of a term within
the document ([NAME-1], [DATE-2], ...).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Sequence

from corpus_stats import normalize_phrase

from .terms import CandidateTerm

REDACTED_MARKER = "[REDACTED]"


class RedactionMode(str, Enum):
    SUPPRESS = "suppress"
    REDACT = "redact"
    TAG = "tag"


@dataclass(frozen=True)
class Replacement:
    """A span of the input (offsets into the input) and what replaced it."""

    start: int
    end: int
    term: str
    replacement: str


_CHARACTER_CLASSES = {"'": "['\u2019\u2018]", '"': '["\u201c\u201d]', "-": "[-\u2013\u2014]"}


def _words_pattern(term_key: str) -> str:
    words = term_key.split(" ")
    return r"\s+".join("".join(_CHARACTER_CLASSES.get(ch, re.escape(ch)) for ch in word) for word in words)


def occurrences_pattern(term_keys: Sequence[str]) -> re.Pattern[str]:
    """One pattern for every occurrence of any of the normalized terms in raw text.

    Longer terms come first so that an alternation prefers "immune system" to "immune".
    """
    alternatives = "|".join(_words_pattern(key) for key in sorted(term_keys, key=len, reverse=True))
    return re.compile(r"(?<!\w)(?:" + alternatives + r")(?:['\u2019]s?)?(?!\w)", re.IGNORECASE)


def plan_replacements(text: str, removed: Sequence[CandidateTerm], mode: RedactionMode) -> list[Replacement]:
    """Non-overlapping replacements in input order; a merged span keeps its first term."""
    occurrences: list[tuple[int, int, int]] = []  # (start, end, index into removed)
    for index, term in enumerate(removed):
        occurrences.extend((s.start, s.end, index) for s in term.mentions)
    if removed:
        index_of = {term.key: index for index, term in enumerate(removed)}
        for match in occurrences_pattern(list(index_of)).finditer(text):
            index = index_of.get(normalize_phrase(match.group()))
            if index is not None:
                occurrences.append((match.start(), match.end(), index))
    occurrences.sort(key=lambda o: (o[0], -o[1]))
    merged: list[list[int]] = []
    for start, end, index in occurrences:
        if merged and start < merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end, index])

    placeholders: dict[int, str] = {}
    per_kind: dict[str, int] = {}
    replacements = []
    for start, end, index in merged:
        term = removed[index]
        if mode is RedactionMode.SUPPRESS:
            replacement = ""
        elif mode is RedactionMode.REDACT:
            replacement = REDACTED_MARKER
        else:
            if index not in placeholders:
                label = term.kind.value.upper().replace("NOUN_PHRASE", "TERM")
                per_kind[label] = per_kind.get(label, 0) + 1
                placeholders[index] = f"[{label}-{per_kind[label]}]"
            replacement = placeholders[index]
        replacements.append(Replacement(start, end, term.key, replacement))
    return replacements


def apply_replacements(text: str, replacements: Sequence[Replacement]) -> str:
    pieces = []
    cursor = 0
    for r in replacements:
        before = text[cursor:r.start]
        end = r.end
        if not r.replacement:
            # A deletion must not leave a doubled space, a space before punctuation,
            # or a space opening a line.
            following = text[end:end + 1]  # "" at the end of the text
            at_line_start = r.start == 0 or text[r.start - 1] == "\n"
            if before.endswith(" ") and following in " .,;:!?)":
                before = before[:-1]
            elif at_line_start and following == " ":
                end += 1
        pieces += [before, r.replacement]
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)
