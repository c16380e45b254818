"""Noun phrases read from universal tags (upos_tagger.py), for the languages that tagger reads:
a noun with the adjectives and numbers around it ("lesión inflamatoria", "dos pequeñas
lesiones"); a phrase with a number in it is a NUMBER."""

from __future__ import annotations

import re
from typing import Callable, Iterable

from ..terms import CandidateSpan, TermKind
from .base import TaggedSentence
from .tokenizer import Token

_TAG_CLASS = {"NOUN": "N", "ADJ": "J", "NUM": "C"}
_NOUN_PHRASE = re.compile(r"[CJ]*N[NJ]*")


def noun_phrase_spans(
    sentence: TaggedSentence, excluded: Callable[[Token, str], bool] = lambda token, tag: False
) -> Iterable[CandidateSpan]:
    """The noun phrases of ``sentence``; a token ``excluded`` accepts (with its tag) is in none."""
    classes = "".join(
        "o" if excluded(token, tag) else _TAG_CLASS.get(tag, "o") for token, tag in zip(sentence.tokens, sentence.tags)
    )
    for match in _NOUN_PHRASE.finditer(classes):
        first, last = sentence.tokens[match.start()], sentence.tokens[match.end() - 1]
        kind = TermKind.NUMBER if "C" in match.group() else TermKind.NOUN_PHRASE
        yield CandidateSpan(first.start, last.end, kind, "noun_phrase_rule")
