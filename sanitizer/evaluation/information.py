"""Information kept: the share of a collection's information content left in clear.

The terms of a document are its candidate terms, found by the sanitizer's extractor
(every kind, whatever ``--kinds`` says), each with its IC in the sanitizer's S1 back-end
(an unseen term at the floor log2(2N), the most informative, whatever ``--zero-count``
says: this measures information, it decides nothing). Every mention of a term carries
the term's IC; a mention keeps the share of its words (``\\w+``) that no span masks.

    information kept = Σ IC kept over all mentions / Σ IC of all mentions
    words kept       = words no span masks / all words

Both are summed over the collection, so a long document weighs more. The candidates are
found and counted once; any number of maskings of the same texts is then measured cheaply
(a sweep, several systems).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Mapping, Sequence

from ..extraction.candidates import group_into_terms
from ..pipeline import Sanitizer
from ..scoring import ZeroCountPolicy, information_content
from .scores import Mask

_WORD = re.compile(r"\w+")


@dataclass(frozen=True)
class InformationKept:
    information_kept: float
    words_kept: float

    def record(self) -> dict:
        return {"information_kept": self.information_kept, "words_kept": self.words_kept}


class InformationMeasure:
    """The candidate terms of ``texts`` and their IC, measured once."""

    def __init__(self, sanitizer: Sanitizer, texts: Mapping[str, str]) -> None:
        self.texts = dict(texts)
        ids = list(self.texts)
        spans = sanitizer.extract([self.texts[i] for i in ids])
        #: doc_id -> [(IC, word ranges of one mention)]
        self._mentions: dict[str, list[tuple[float, list[tuple[int, int]]]]] = {}
        #: doc_id -> word ranges
        self._words: dict[str, list[tuple[int, int]]] = {}
        for doc_id, doc_spans in zip(ids, spans):
            text = self.texts[doc_id]
            terms = group_into_terms(text, doc_spans)
            total = sanitizer.counter.total()
            # Unseen terms at the floor log2 2N: "sensitive" always gives a number.
            bits = {
                t.key: information_content(sanitizer.counter.count(t.key), total, ZeroCountPolicy.SENSITIVE)
                for t in terms
            }
            self._mentions[doc_id] = [
                (bits[t.key] or 0.0, _word_ranges(text, m.start, m.end)) for t in terms for m in t.mentions
            ]
            self._words[doc_id] = _word_ranges(text, 0, len(text))

    def kept(
        self,
        spans: Mapping[str, Sequence[Sequence[int]]],
        credits: Mapping[str, Sequence[tuple[int, int, float]]] = {},
    ) -> InformationKept:
        """Information and words kept when ``spans`` ({doc_id: [[start, end, ...]]}) are masked.
        ``credits``: per document, the masked spans published as a generalization, with its
        IC in bits: a mention there keeps that much of its IC (at most its own), a tagged one none."""
        information = kept_information = 0.0
        words = kept_words = 0
        for doc_id, mentions in self._mentions.items():
            mask = Mask(spans.get(doc_id, ()))
            generalized = credits.get(doc_id, ())
            for ic, ranges in mentions:
                if ranges:
                    information += ic
                    clear = sum(not mask.covers(s, e) for s, e in ranges) / len(ranges)
                    kept_information += ic * clear + min(ic, _credit(generalized, ranges)) * (1 - clear)
            words += len(self._words[doc_id])
            kept_words += sum(not mask.covers(s, e) for s, e in self._words[doc_id])
        return InformationKept(
            kept_information / information if information else 1.0, kept_words / words if words else 1.0
        )


def _credit(generalized: Sequence[tuple[int, int, float]], ranges: Sequence[tuple[int, int]]) -> float:
    """The IC of the generalization published over a mention's first masked word (0: none)."""
    for start, end, bits in generalized:
        if any(start <= s and e <= end for s, e in ranges):
            return bits
    return 0.0


def _word_ranges(text: str, start: int, end: int) -> list[tuple[int, int]]:
    return [(start + m.start(), start + m.end()) for m in _WORD.finditer(text[start:end])]
