"""English words of ranks and records: achievements, ordinals, verbs of finishing and
winning (extraction/ranks.py, recognizers/universal/ranks.py)."""

from __future__ import annotations

import re

ORDINAL_WORDS = (
    "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth|"
    "fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth"
)

ORDINAL = re.compile(rf"(?:{ORDINAL_WORDS}|\d+(?:st|nd|rd|th))", re.IGNORECASE)

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
