"""Ranks and records said outside a noun phrase: "twice" or "thrice" near a word of winning
or being chosen ("won the cup twice", "twice elected"), and the ordinal of "came third" or
"finished in 2nd" (the words are extraction/ranks.py's, which also types noun phrases such
as "third place" as ranks)."""

from __future__ import annotations

from ...lang.en.rank_words import ACHIEVING_WORDS, FINISHING_VERBS, MULTIPLICATIVES, ORDINAL
from ...terms import TermKind
from ..base import ENGLISH, PatternRecognizer, first_group
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


RANK = PatternRecognizer(
    "rank",
    TermKind.RANK,
    _RANK,
    first_group("ordinal", "after", "before"),  # each alternative of _RANK names the word it masks
    summary="won the cup twice, twice elected, came third, finished in 2nd",
    languages=ENGLISH,
)
