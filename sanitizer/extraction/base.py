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
# in lower case. In a text written in lower case that says nothing: every break ends one.
_PARAGRAPH_BREAK = re.compile(r"\n(?![ \t]*[a-z])|(?<![\w,-])\n")
_LINE_BREAK = re.compile(r"\n")
_WORD = re.compile(r"[^\W\d_]+")
#: A text whose words are capitalized less often than this writes in lower case: a chat,
#: a quick message ("ok thanks, my husband gary set it up"). Prose capitalizes at every
#: sentence start, and names: TAB's judgments 0.11 to 0.41 of their words, biographies and
#: messages written with capitals 0.25 to 0.35, lower-case messages 0 to 0.02.
_LOWER_CASE_SHARE = 0.03
#: fewer words say too little of how a text is written
_FEWEST_WORDS = 8


def tells_case(word: str) -> bool:
    """Whether a word says how its writer uses capitals: all but a lone "I" and words in
    capitals ("IBAN", "DE89"), which a writer in lower case writes so too."""
    return word != "I" and not (len(word) > 1 and word.isupper())


def lower_case_verdict(text: str) -> Optional[bool]:
    """Whether ``text`` is written in lower case: the words that say how it uses capitals
    (tells_case) start with a capital less often than _LOWER_CASE_SHARE; None when it has
    too few of them to say. Counted as they are found: a long document is read once and no
    list of its words is kept."""
    words = capitalized = 0
    for match in _WORD.finditer(text):
        word = match.group()
        if not tells_case(word):
            continue
        words += 1
        capitalized += word[0].isupper()
    if words < _FEWEST_WORDS:
        return None
    return capitalized < _LOWER_CASE_SHARE * words


def writes_in_lower_case(text: str) -> bool:
    """Whether ``text`` is written in lower case, and has words enough to say so (lower_case_verdict)."""
    return lower_case_verdict(text) is True


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
