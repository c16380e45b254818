"""What a word written in lower case may be of a name (informal_names.py and
informal_organisations.py read names in lower case by them): a given name the lexicon
knows, a surname no list of ordinary words holds, an ordinary word."""

from __future__ import annotations

import re

from ..lang.en.common_words import clinical_words, common_lowercase_words, is_regular_past, lower_case_lemmas
from ..lang.en.lexicon import INFORMAL_STREET_TYPES, MONTHS, WEEKDAYS
from ..lang.en.name_words import (
    INFORMAL_SPELLINGS,
    INTERJECTIONS,
    OPENING_TIME_ADVERBS,
    ORGANISATION_HEADS,
    SALUTATIONS,
    SURNAME_ORGANISATION_HEADS,
)
from ..lang.name_lexicons import given_names

#: lower-case words that are never a name's part, whatever the name lexicon says
NEVER_NAMES = frozenset(MONTHS + WEEKDAYS) | SALUTATIONS | INTERJECTIONS | INFORMAL_SPELLINGS | OPENING_TIME_ADVERBS
#: an organisation's head is no surname ("the royal infirmary" names no Royal Infirmary), but
#: those that are English surnames too ("Court", "Church"); nor is a street's type ("14
#: willow crescent": the address, no person)
NOT_SURNAMES = (ORGANISATION_HEADS - SURNAME_ORGANISATION_HEADS) | INFORMAL_STREET_TYPES


#: what joins the parts of one name: "whitaker-rhys", "o'brien", "jean-luc"
JOINS = re.compile(r"[-'’]")


def is_given_name(word: str, named: bool) -> bool:
    """A given name the lexicon knows, or a compound of them ("jean-luc"); one that is also an
    ordinary word ("will", "grace") only when ``named``: after "called", "named" or "my name
    is" ("my name is will"), or a relative unless it is a function word ("my son mark", not
    "my son will")."""
    parts = word.split("-")
    return (
        all(part.isalpha() and part in given_names() for part in parts)
        and word not in NEVER_NAMES
        and word not in clinical_words()
        and (named or not any(part in common_lowercase_words() for part in parts))
    )


def is_surname(word: str, after_title: bool = False) -> bool:
    """A word no list of ordinary words holds, or a compound whose every part of more than one
    letter is one ("whitaker-rhys", "o'brien"; not "well-known", "e-mail"). A word of clinical
    notes is one only after a title ("dr swan"; "tan sputum" is no name)."""
    parts = JOINS.split(word)
    long_parts = [part for part in parts if len(part) > 1]
    return (
        all(part.isalpha() for part in parts)
        and bool(long_parts)
        and word not in NEVER_NAMES
        and word not in NOT_SURNAMES
        and (after_title or word not in clinical_words())
        and not any(part in common_lowercase_words() for part in long_parts)
        and not is_regular_past(word)  # "fr. murphy paged"
    )


def is_double_barrelled(word: str) -> bool:
    """A surname joined by a hyphen to one that is also a word, after a given name:
    "okonkwo-bell" (is_surname asks that no part be a word: "whitaker-rhys")."""
    first, hyphen, second = word.partition("-")
    return bool(hyphen) and is_surname(first) and second.isalpha() and len(second) > 1 and second not in NEVER_NAMES


def is_ordinary(word: str) -> bool:
    """A word Punkt's or WordNet's lower-case lists hold, or a word of clinical notes."""
    return word in common_lowercase_words() or word in lower_case_lemmas() or word in clinical_words()
