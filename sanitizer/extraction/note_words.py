"""Words of clinical notes that the name rule must not read as names for their capital.

A note writes its abbreviations, drugs and devices with capitals ("Foley to gravity",
"Abd soft", "KCl IV"), numbers a stage or a grade with a Roman numeral ("stage II"), opens
a sentence with a verb ("Slept well", "Drank 200cc") and writes a word of emphasis in
capitals ("remains FULL"): none of them is anyone's name (common_words.clinical_words
and verb_forms, name_words.EMPHASIS_WORDS hold the words).
"""

from __future__ import annotations

import re
from typing import Sequence

from ..lang.en.common_words import (
    DETERMINERS,
    clinical_words,
    common_lowercase_words,
    is_function_word,
    lower_case_lemmas,
    verb_forms,
)
from ..lang.en.name_words import EMPHASIS_WORDS, ROMAN_NUMERAL
from ..lang.en.phrase_words import NUMBERED_BY_NUMERALS
from ..lang.name_lexicons import fold, given_names

#: what ends the sentence before a word that opens one
_SENTENCE_ENDS = frozenset({".", "!", "?", ":", ";"})
#: a side written as its letter before a line's or a site's acronym
_SIDES = frozenset({"L", "R"})


def is_clinical_word(texts: Sequence[str], index: int) -> bool:
    """A word of clinical notes (common_words.clinical_words) that opens a run of capitals
    or follows another such word ("KCl IV"), an ordinary word that opens a sentence
    ("Tolerated SBT") or a side's letter ("R IJ"): after a title or a word that may be a
    name it is a surname ("Dr Swan", "Kevin Foley", "Mark Foley"), and before a name's word
    it opens a name ("at Foley Hoag"; not "Foley Catheter", "Swan Ganz")."""
    if not _is_clinical(fold(texts[index])) or _opens_a_name(texts, index):
        return False
    before = texts[index - 1] if index > 0 else ""
    folded = fold(before)
    opens_sentence = index == 1 or (index > 1 and texts[index - 2] in _SENTENCE_ENDS)
    ordinary_opening = opens_sentence and folded not in given_names() and _is_ordinary(folded)
    sided = before in _SIDES and texts[index].isupper()  # "R IJ", "L PICC"; not "R Swan"
    after_function_word = is_function_word(before)  # "On Venti mask", "With Foley": no name's first word
    return not before[:1].isupper() or folded in clinical_words() or ordinary_opening or sided or after_function_word


_JOINED = re.compile(r"[-/]")


def _is_clinical(word: str) -> bool:
    """A note's word, or note's words joined by a hyphen or a slash ("NSR-ST", "BUN/Cr")."""
    if word in clinical_words():
        return True
    parts = _JOINED.split(word)  # split only here: asked of every capitalized word of a text
    return len(parts) > 1 and all(part in clinical_words() for part in parts)


def _opens_a_name(texts: Sequence[str], index: int) -> bool:
    """Whether the word after ``index`` is a capitalized word of no note and no dictionary."""
    following = texts[index + 1] if index + 1 < len(texts) else ""
    folded = fold(following)
    return (
        following[:1].isupper()
        and not following.isupper()
        and folded.isalpha()
        and folded not in clinical_words()
        and not _is_ordinary(folded)
    )


def _is_ordinary(word: str) -> bool:
    """An English word in lower case, or a verb's past or gerund ("tolerated", "weaning")."""
    return word in common_lowercase_words() or word in lower_case_lemmas() or word.endswith(("ed", "ing"))


def is_numbered_stage(texts: Sequence[str], index: int) -> bool:
    """A Roman numeral that numbers what the word before it names: "stage II", "grade III",
    "type IV", "class II" (a patient's stage, no one's name)."""
    return (
        index > 0 and texts[index - 1].lower() in NUMBERED_BY_NUMERALS and bool(ROMAN_NUMERAL.fullmatch(texts[index]))
    )


#: what stands around an acronym's definition: "(“CALM”)"
_QUOTES_AND_BRACKETS = frozenset("()[]\"'\u201c\u201d\u2018\u2019")


def is_emphasis(texts: Sequence[str], index: int) -> bool:
    """A word of emphasis written in capitals among words that are not ("code status remains
    FULL", "do NOT resuscitate"). Only those (name_words.EMPHASIS_WORDS): an ordinary noun in
    capitals is an organisation's acronym as often ("the CALM course", "JUSTICE"); a line
    in capitals is read in lower case (casing.py)."""
    text = texts[index]
    before = texts[index - 1] if index else ""
    after = texts[index + 1] if index + 1 < len(texts) else ""
    return (
        text.isupper()
        and text.lower() in EMPHASIS_WORDS
        and not any(word.isalpha() and word.isupper() for word in (before, after))
        and before.lower() not in DETERMINERS
        and not {before, after} & _QUOTES_AND_BRACKETS
    )


def is_verb_form(word: str) -> bool:
    """An irregular form of a verb that is no given name (``word`` folded): a note's sentence
    opens with one ("Slept well overnight", "Drank 200cc"), never with a name; "Rose" and
    "Drew" are given names too."""
    return word in verb_forms() and word not in given_names()
