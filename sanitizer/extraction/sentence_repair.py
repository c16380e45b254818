"""Sentence breaks that are not full stops, joined back, for every extractor.

A sentence splitter reads a period after a capital as a full stop: inside a person's name
("Mr J." | "Crow", "E." | "M. Forster") and between a form's label and its value ("Tel." |
"0113 496 0821") it cuts a sentence in two, and the name rule then sees half a name. The
NLTK extractor joins Punkt's spans before tagging (joined_spans); the extractors that
split and tag in one go (spaCy, OpenNLP) have their tagged sentences joined
(joined_sentences). Both ask the same two questions of the text around each break.
"""

from __future__ import annotations

import re
from typing import Iterable, Optional, Sequence

from ..recognizers.field_labels import continues_value
from .base import TaggedSentence
from .name_breaks import continues_name

_TAIL = 200  # characters: more than a name's initials with their title, or a label


def _continues(text: str, before_start: int, before_end: int, start: int, end: int) -> bool:
    # Both tests read only the end of the sentence before: a bounded tail keeps a long run
    # of joins linear ("Adare, Co. Limerick, Co. ..." repeated).
    before = text[max(before_start, before_end - _TAIL) : before_end]
    after = text[start : min(end, start + _TAIL)]
    return continues_name(before, after) or continues_value(before, after)


def joined_spans(
    text: str, spans: Iterable[tuple[int, int]], abbreviation: Optional[re.Pattern] = None
) -> list[tuple[int, int]]:
    """Sentence spans of ``text`` with the false breaks joined; ``abbreviation``: a language's
    abbreviations with their period, at the end of a sentence (Punkt's Spanish model cuts
    after "Dra." and "Avda.")."""
    joined: list[tuple[int, int]] = []
    for start, end in spans:
        after_abbreviation = abbreviation is not None and joined and abbreviation.search(text, joined[-1][0], start)
        if joined and (after_abbreviation or _continues(text, *joined[-1], start, end)):
            joined[-1] = (joined[-1][0], end)
        else:
            joined.append((start, end))
    return joined


def joined_sentences(text: str, sentences: Sequence[TaggedSentence]) -> list[TaggedSentence]:
    """Tagged sentences of ``text`` (offsets into it) with the false breaks joined."""
    joined: list[TaggedSentence] = []
    for sentence in sentences:
        if (
            joined
            and sentence.tokens
            and joined[-1].tokens
            and _continues(
                text,
                joined[-1].tokens[0].start,
                joined[-1].tokens[-1].end,
                sentence.tokens[0].start,
                sentence.tokens[-1].end,
            )
        ):
            joined[-1] = _join(joined[-1], sentence)
        else:
            joined.append(sentence)
    return joined


def _join(first: TaggedSentence, second: TaggedSentence) -> TaggedSentence:
    chunks = None if first.chunks is None or second.chunks is None else first.chunks + second.chunks
    return TaggedSentence(
        first.tokens + second.tokens, first.tags + second.tags, chunks, first.entities + second.entities
    )
