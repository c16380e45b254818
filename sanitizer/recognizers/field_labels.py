"""Labels of a form's fields: "DOB 14/03/1952", "MRN 00482913", "NHS number 943 476
5919", "Tel: 0113 496 0821", "Signed: M. Al-Rashid  Dated: 15/10/2023". A label names
the kind of identifier that follows it; the recognizers mask the identifier, and the
label stays in clear, as "no." does before a case number, so that the reader knows what
was removed. Without this a label in capitals was taken for an organisation
("[ORGANISATION-1] [DATE-1]" for a date of birth), one the tagger calls a noun for a
noun phrase, and a capitalized one ran into the name before it ("M. Al-Rashid Dated").

A word is a label only right before its value (a token with a digit, a "+", a colon,
"#", a number word: "NHS number", or a month: "DOB March 3rd 1990"); elsewhere it is what it is ("the NHS", "an ID
card").
"""

from __future__ import annotations

import functools
import re
from typing import Sequence

from ..lang.en.common_words import common_lowercase_words
from ..lang.en.lexicon import FORM_LABELS, MONTH_ABBREVIATIONS, MONTHS

#: Labels whose value is a code: the recognizers read a number after them as one
#: (identifier_patterns.NUMBER_WORD), as after "no.".
#: Of those, the labels no English word is written like, read in any case ("mrn 4482913"
#: in a note written in lower case or in capitals, which are read lowered).
CASELESS_CODE_LABELS = ("MRN", "NHS", "SSN", "NINO")
CODE_LABELS = (*CASELESS_CODE_LABELS, "ID", "PIN")
#: Every label, folded (lower case, no full stops: "D.O.B." is "dob").
FIELD_LABELS = frozenset({label.lower() for label in CODE_LABELS} | FORM_LABELS)
_NUMBER_WORDS = frozenset({"number", "no", "nr", "num"})
_MONTHS = frozenset(MONTHS + MONTH_ABBREVIATIONS)
_VALUE_MARKS = frozenset({":", "#", "+"})


def is_field_label(texts: Sequence[str], index: int) -> bool:
    """Whether ``texts[index]`` labels the value right after it (a period of its own, as
    in "Tel.", is skipped, and so is an "is" before its value: "my ref is JX 4471", "my
    dob is 12/03/88" (_is_value_after_is). A label is one of FIELD_LABELS, or a one-word
    label of a national identifier that no ordinary word is ("PESEL", "Aadhaar")."""
    word = texts[index].lower().replace(".", "")
    if _is_label_word(word):
        return _value_follows(texts, index)
    # written with a capital, as a label stands ("PESEL", not German "bis"); the national
    # labels are read only for a word that has a value after it
    capitalized = word.isalpha() and texts[index][:1].isupper()
    return capitalized and word in _national_label_words() and _value_follows(texts, index)


def _is_label_word(word: str) -> bool:
    """A label's word, folded: FIELD_LABELS, and the words for a number ("NHS No." |
    "485 777 3456": "No." is no name, nor the end of a sentence)."""
    return word in FIELD_LABELS or word in _NUMBER_WORDS


def names_a_code(texts: Sequence[str], index: int) -> bool:
    """Whether ``texts[index]`` is an acronym that names a kind of code, not who issues it:
    a code's label ("my SSN", "MRN 4482913") or an acronym before the word for a number
    ("the PO number", "VAT no."). The code is what identifies; its label does not."""
    word = texts[index]
    if not (word.isalpha() and word.isupper()):
        return False
    following = texts[index + 1 : index + 2]
    return word in CODE_LABELS or bool(following) and following[0].lower().rstrip(".") in _NUMBER_WORDS


@functools.cache
def _national_label_words() -> frozenset[str]:
    """The national identifiers' labels of one word that no ordinary word is, folded."""
    from .national import format_labels

    ordinary = common_lowercase_words()
    labels = (label.casefold() for labels in format_labels().values() for label in labels)
    return frozenset(label for label in labels if label.isalpha() and label not in ordinary)


def _value_follows(texts: Sequence[str], index: int) -> bool:
    """Whether a value comes right after the word at ``index`` (see is_field_label)."""
    following = index + 1
    if following < len(texts) and texts[following] == ".":
        following += 1
    if (
        following + 1 < len(texts)
        and texts[following].lower() == "is"
        and _is_value_after_is(texts, index, following + 1)
    ):
        following += 1
    if following >= len(texts):
        return False
    value = texts[following]
    return (
        value in _VALUE_MARKS
        or value[:1] in _VALUE_MARKS
        or any(char.isdigit() for char in value)
        or _opens_a_code(texts, following)
        or value.lower().rstrip(".") in _NUMBER_WORDS
        or value[:1].isupper()
        and value.lower().rstrip(".") in _MONTHS  # not "the NHS may"
    )


def is_abbreviated_label(texts: Sequence[str], index: int) -> bool:
    """A label that no ordinary word is ("ref", "ID", "DOB", "passport"; not "dated",
    "name"), right before its value: the words that qualify it are part of the label too
    ("booking ref. QX7TRN", "employee ID EMP-20457"), where "the letter dated 3 May" is a
    letter."""
    return _is_abbreviation(texts[index]) and is_field_label(texts, index)


def before_a_number_label(texts: Sequence[str], index: int) -> bool:
    """Whether the word after ``index`` is the word for a number before its value: the word
    at ``index`` names what is numbered ("Employee number 55102", "member no. 4471")."""
    following = index + 1
    return (
        following < len(texts)
        and texts[following].lower().rstrip(".") in _NUMBER_WORDS
        and is_field_label(texts, following)
    )


def _is_abbreviation(label: str) -> bool:
    return label.lower().replace(".", "") not in common_lowercase_words()


def _is_value_after_is(texts: Sequence[str], label: int, index: int) -> bool:
    """Whether the label at ``label`` has its value at ``index``, after an "is": a code, or
    any figure after a label no ordinary word is ("my dob is 12/03/88"; "the release date
    is 2009" is prose)."""
    return (
        _is_code_start(texts, index) or _is_abbreviation(texts[label]) and any(char.isdigit() for char in texts[index])
    )


def _is_code_start(texts: Sequence[str], index: int) -> bool:
    """Letters and digits in one token ("BS3"), or a code's first group ("JX" before digits)."""
    value = texts[index]
    return _opens_a_code(texts, index) or any(c.isdigit() for c in value) and any(c.isalpha() for c in value)


def _opens_a_code(texts: Sequence[str], index: int) -> bool:
    """A code's first group, a few capitals before digits: "JX" of "JX 4471 2290 GB"."""
    value = texts[index]
    return (
        value.isalpha()
        and value.isupper()
        and len(value) <= 3
        and index + 1 < len(texts)
        and any(char.isdigit() for char in texts[index + 1])
    )


_ENDS_WITH_LABEL_PERIOD = re.compile(r"(?:^|\s)([^\W\d_][\w-]*)\.$")


def continues_value(before: str, after: str) -> bool:
    """Whether a sentence break falls between a label written with a full stop and its
    value ("Tel." | "0113 496 0821"): Punkt does not know "Tel." as an abbreviation."""
    label = _ENDS_WITH_LABEL_PERIOD.search(before.rstrip())
    value = after.split(maxsplit=1)[0] if after.strip() else ""
    # a figure, or a code of letters and digits ("ref." | "QX7TRN")
    is_value = value[:1].isdigit() or value[:1] in ("+", "(") or any(c.isdigit() for c in value)
    return label is not None and _is_label_word(label.group(1).lower()) and is_value
