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

_ORDINAL_WORDS = (
    "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|"
    "fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth"
)
ORDINAL = re.compile(rf"(?:{_ORDINAL_WORDS}|\d+(?:st|nd|rd|th))", re.IGNORECASE)
#: heads that are a rank by themselves
RANK_NOUNS = frozenset(
    "medal medals medallist medallists trophy trophies championship championships podium podiums".split()
)
#: what a prize is called, as a common noun ("two cups") and as the head of its name ("the
#: Calder Cup": name_words.AWARD_HEADS)
AWARD_NOUNS = frozenset("cup cups trophy prize prizes award awards medal medals championship championships".split())
#: heads that are a rank when the phrase says which or how many ("third place", "two titles")
COUNTED_ACHIEVEMENTS = (
    RANK_NOUNS
    | AWARD_NOUNS
    | frozenset(
        "title titles place places win wins victory victories finish finishes record records crown crowns".split()
    )
)
#: the verbs after which an ordinal is a place: "came third", "finished in 2nd"
FINISHING_VERBS = "finish|finished|finishes|finishing|placed|came|come|comes|ranked|ranking|ended"
#: how many times: a record near a word of winning or being chosen, not elsewhere
MULTIPLICATIVES = "twice|thrice"
#: words of winning or being chosen, near which "twice" says a record ("won the cup twice",
#: "twice elected", "twice world champion"); elsewhere it counts anything ("questioned
#: twice", "the hearing was adjourned twice"), which is no more a person's than "often"
ACHIEVING_WORDS = "|".join(
    sorted(
        # the counted achievements but the ordinary ones ("visited the place twice", "the
        # record twice", "a finish") and victories (a team's more often than a person's)
        (COUNTED_ACHIEVEMENTS - frozenset("place places finish finishes record records victory victories".split()))
        | frozenset(
            """won winning claimed retained defended awarded nominated named elected re-elected voted selected
            crowned capped champion champions finished placed ranked""".split()
        )
    )
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
