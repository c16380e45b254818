"""Ranks and records said outside a noun phrase: "twice" or "thrice" near a word of winning
or being chosen ("won the cup twice", "twice elected"), and the ordinal of "came third" or
"finished in 2nd" (the words are extraction/ranks.py's, which also types noun phrases such
as "third place" as ranks)."""

from __future__ import annotations

import re

from ...lang.en.rank_words import ACHIEVING_WORDS, FINISHING_VERBS, MULTIPLICATIVES, ORDINAL
from ...terms import TermKind
from ..base import ENGLISH, Bounds, PatternRecognizer, body
from ..pattern_tools import anchored

# up to five words of one clause between the achievement and the count: "won the Calder Cup twice"
_WORDS_BETWEEN = r"(?:[ \u00a0]*,?[ \u00a0]+[\w'\u2019-]+){0,5}?[ \u00a0]*,?[ \u00a0]+"
_RANK = anchored(
    r"\W",
    r"[^\W\d_]",
    rf"(?i:(?:{ACHIEVING_WORDS})\b{_WORDS_BETWEEN}(?P<after>{MULTIPLICATIVES})"
    rf"|(?P<before>{MULTIPLICATIVES})(?:[ \u00a0]+[\w'\u2019-]+)?[ \u00a0]+(?:{ACHIEVING_WORDS})"
    rf"|(?:{FINISHING_VERBS})\s+(?:(?:in|at)\s+)?(?:the\s+)?(?P<ordinal>{ORDINAL.pattern}))\b",
)


def _the_rank(text: str, match: re.Match) -> Bounds:
    # each alternative of _RANK names the word it masks
    return body(match, next(group for group in ("ordinal", "after", "before") if match.group(group)))


RANK = PatternRecognizer(
    "rank",
    TermKind.RANK,
    _RANK,
    _the_rank,
    summary="won the cup twice, twice elected, came third, finished in 2nd",
    languages=ENGLISH,
)
