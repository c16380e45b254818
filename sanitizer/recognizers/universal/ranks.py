"""Ranks and records said outside a noun phrase: "twice", "thrice", and the ordinal of
"came third" or "finished in 2nd" (the words are extraction/ranks.py's, which also
types noun phrases such as "third place" as ranks)."""

from __future__ import annotations

import re

from ...extraction.ranks import FINISHING_VERBS, MULTIPLICATIVES, ORDINAL
from ...terms import TermKind
from ..base import ENGLISH, Bounds, PatternRecognizer, body
from ..pattern_tools import anchored

_RANK = anchored(
    r"\W",
    r"[^\W\d_]",
    rf"(?i:(?:{MULTIPLICATIVES})|(?:{FINISHING_VERBS})\s+(?:(?:in|at)\s+)?(?:the\s+)?(?P<ordinal>{ORDINAL.pattern}))\b",
)


def _the_rank(text: str, match: re.Match) -> Bounds:
    return body(match, "ordinal") if match.group("ordinal") else body(match)


RANK = PatternRecognizer(
    "rank", TermKind.RANK, _RANK, _the_rank, summary="twice, came third, finished in 2nd", languages=ENGLISH
)
