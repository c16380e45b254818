"""Ranks and records: where a person finished, what they won, how often. "third place",
"two world titles", "a gold medal", "finished second", "twice". General frequencies call
these words common, yet in a biography or a sports report they single a person out once
the name is gone (TermKind.RANK, which a policy decides apart from other noun phrases).

A noun phrase is a rank when its head is an achievement and it says which or how many
("the third place", "two titles"), or when its head is an achievement that is a rank by
itself ("medals", "championship"). Outside noun phrases, the recognizer "rank"
(recognizers/universal/ranks.py) finds "twice" and "thrice" near a word of winning or being
chosen ("won the title twice"), and an ordinal after a verb of finishing ("came third",
"finished in 2nd").
"""

from __future__ import annotations

import re

from ..lang.en.rank_words import (
    COUNTED_ACHIEVEMENTS,
    ORDINAL,
    RANK_NOUNS,
)

#: a year before an achievement names its edition, it counts nothing: "the 2008 Music Awards"
_YEAR = re.compile(r"(?:1[89]|20)\d\d")


def is_rank_phrase(words: list[str], has_number: bool) -> bool:
    """Whether a noun phrase's words (its head last) say a rank or a record."""
    head = words[-1].lower()
    if head in RANK_NOUNS:
        return True
    counted = has_number and not any(_YEAR.fullmatch(w) for w in words[:-1])
    return head in COUNTED_ACHIEVEMENTS and (counted or any(ORDINAL.fullmatch(w) for w in words[:-1]))
