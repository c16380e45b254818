"""Runs of capitalized ordinary words that are no names: a greeting to a role ("Hello
Support Team"), a heading ("DISCHARGE SUMMARY", "Nursing Progress Note") or a form's
label ("Discharged:"). name_spans asks before it types a run.
"""

from __future__ import annotations

from typing import Sequence

from ..lang.en.common_words import ARTICLES, singulars
from ..lang.en.frequent_words import is_ordinary_word
from ..lang.en.name_words import SALUTATIONS, is_title
from ..lang.en.person_roles import role_kind
from ..lang.en.phrase_words import DOCUMENT_TITLE_WORDS
from ..lang.en.role_words import PARTIES_NEVER_TITLES, RELATIVES_NEVER_TITLES
from ..lang.name_lexicons import fold, given_names, place_names
from ..terms import TermKind


def _all_ordinary(words: Sequence[str]) -> bool:
    """Whether every word is an ordinary lower-case word (Punkt's, or a frequent dictionary
    word: "Honours") that no list of given names or places holds ("Support Team", "FACTS";
    not "Will", "TURKEY")."""
    return all(
        is_ordinary_word(word) and word not in given_names() and word not in place_names()
        for word in (fold(word) for word in words)
    )


def is_addressed_by_role(texts: Sequence[str], first: int, words: Sequence[str]) -> bool:
    """A greeting to a role, not a person: "Hello Support Team", "Dear Sir", "Hi All"
    (ordinary words: "Hi Will" is a person); a title only alone ("Dear Professor", but
    "Dear Professor Brown")."""
    return (
        first > 0
        and fold(texts[first - 1]) in SALUTATIONS
        and _all_ordinary(words)
        and (len(words) == 1 or not any(is_title(word) for word in words))
    )


def opens_with_a_relative(words: Sequence[str]) -> bool:
    """A run that a relative or a party opens before a name: "Wife Maureen at bedside", "Son
    Michael called", "Witness Sandra Oyelaran stated" (the word is no part of the name); not
    a kin word one calls a person by ("Auntie Sue", "Grandma Rose") nor a religious title
    ("Sister Mary"): the name's title."""
    first = fold(words[0])
    by_marriage = first.endswith("-in-law") and role_kind(first) is TermKind.RELATION  # "Dtr-in-law Anne"
    return len(words) > 1 and (first in RELATIVES_NEVER_TITLES or first in PARTIES_NEVER_TITLES or by_marriage)


def is_heading_or_label(texts: Sequence[str], last: int, words: Sequence[str]) -> bool:
    """A run of ordinary words that is a heading ("DISCHARGE SUMMARY", "THE FACTS": a line
    wholly in capitals, or in title case: "Discharge Summary") or a form's label before its colon ("Discharged:", "Past History:",
    or a person's role: "Pupil:", "Tutor:"), not a name. Inside a sentence, capitals are an
    acronym ("the CALM project")."""
    if texts[last + 1 : last + 2] == [":"]:
        return all(_all_ordinary([word]) or role_kind(fold(word)) is not None for word in words)
    letters = [text for text in texts if text.isalpha()]
    if all(text.isupper() for text in letters):
        return all(_is_heading_word(word) for word in words)
    return _all_ordinary(words) and _is_title_line(texts, letters)


def _is_heading_word(word: str) -> bool:
    """An ordinary word, its plural ("REFERENCES", "PUBLICATIONS": the lists of ordinary
    words hold the singular) or a word that titles a document ("CURRICULUM VITAE")."""
    folded = fold(word)
    return (
        _all_ordinary([folded])
        or folded in DOCUMENT_TITLE_WORDS
        or any(_all_ordinary([form]) for form in singulars(folded))
    )


def qualifies_a_trade(texts: Sequence[str], first: int, words: Sequence[str]) -> bool:
    """One capitalized ordinary word between an article and the trade it qualifies, written
    in lower case: "a Senior lecturer", "the Chief executive" (a title's capital, not a
    name). Not an acronym ("the CALM project"), and not before any other noun: a surname
    may be an ordinary word ("the Khan family")."""
    following = texts[first + 1 : first + 2]
    return (
        len(words) == 1
        and first > 0
        and texts[first - 1].lower() in ARTICLES
        and not words[0].isupper()
        and bool(following)
        and following[0].isalpha()
        and following[0].islower()
        and role_kind(following[0]) is TermKind.PROFESSION
        and _all_ordinary(words)
    )


#: the most words a heading in title case has: "Nursing Progress Note"
_TITLE_WORDS = 5


def _is_title_line(texts: Sequence[str], letters: Sequence[str]) -> bool:
    """A sentence that is a heading in title case, every word capitalized and ordinary, with
    no full stop: "Discharge Summary", "Nursing Note 0700-1900"."""
    return (
        len(letters) <= _TITLE_WORDS
        and texts[-1:] != ["."]
        and all(text[:1].isupper() for text in letters)
        and _all_ordinary(letters)
    )
