"""The extractor protocol: text in, tagged sentences with character offsets out.

Extractors differ only in how they split, tokenize and tag, and in what they may add of
their own (a chunker's noun phrases, a named-entity recogniser's names); every candidate
rule (noun-phrase chunks, names, dates, numbers, codes, stop-word stripping) is shared,
in ``candidates``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional, Protocol

from ..terms import CandidateSpan
from ..writing_case import writes_in_lower_case
from .tokenizer import Token


@dataclass(frozen=True, slots=True)
class TaggedSentence:
    tokens: tuple[Token, ...]
    #: Penn Treebank tags, one per token
    tags: tuple[str, ...]
    #: B-NP / I-NP / O per token from an extractor's own chunker; None: the shared chunk rule
    chunks: Optional[tuple[str, ...]] = None
    #: names an extractor's own entity recogniser found (character offsets; source
    #: "extractor_entity"): they join the shared name rule's layer
    entities: tuple[CandidateSpan, ...] = ()


class Extractor(Protocol):
    name: str

    def analyze(self, text: str) -> list[TaggedSentence]: ...


# A line break ends a paragraph unless the text looks hard-wrapped there: the line
# ends inside a sentence (a letter, digit, comma or hyphen) and the next one starts
# in lower case. In a text written in lower case that says nothing: every break ends one.
# A form's fields are set apart by a tab, by three spaces or more, or by two after a figure
# or a sign ("Admission date: 2/3/2024   Discharge date: 2/9/2024", "2015-2019  Developer"):
# each field is read as a paragraph of its own, so that its label opens a sentence and is
# no name for its capital. Two spaces between words are a slip ("John  Smith" is one name).
_FIELD_GAP = r"|(?<=\S)(?:[ \t]*\t[ \t]*| {3,}|(?<=[^\w\s]|\d) {2})(?=\S)"
_PARAGRAPH_BREAK = re.compile(r"\n(?![ \t]*[a-z])|(?<![\w,-])\n" + _FIELD_GAP)
_LINE_BREAK = re.compile(r"\n" + _FIELD_GAP)


def paragraphs(text: str) -> list[tuple[int, int]]:
    """(start, end) of the paragraphs of ``text``, non-empty ones only."""
    breaks = _LINE_BREAK if writes_in_lower_case(text) else _PARAGRAPH_BREAK
    bounds = []
    start = 0
    for match in breaks.finditer(text):
        if text[start : match.start()].strip():
            bounds.append((start, match.start()))
        start = match.end()
    if text[start:].strip():
        bounds.append((start, len(text)))
    return bounds
