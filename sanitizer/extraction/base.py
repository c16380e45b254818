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
# in lower case.
_PARAGRAPH_BREAK = re.compile(r"\n(?![ \t]*[a-z])|(?<![\w,-])\n")


def paragraphs(text: str) -> list[tuple[int, int]]:
    """(start, end) of the paragraphs of ``text``, non-empty ones only."""
    bounds = []
    start = 0
    for match in _PARAGRAPH_BREAK.finditer(text):
        if text[start : match.start()].strip():
            bounds.append((start, match.start()))
        start = match.end()
    if text[start:].strip():
        bounds.append((start, len(text)))
    return bounds
