"""Ages, amounts, durations, measures and percentages, in figures or in words."""

from __future__ import annotations

import re

from ...lang.en.common_words import common_lowercase_words
from ...lang.en.person_roles import names_a_person
from ...lang.name_lexicons import fold, given_names
from ...terms import TermKind
from .. import quantity_patterns
from ..base import ENGLISH, Bounds, PatternRecognizer, body
from ..pattern_tools import anchored

AGE = PatternRecognizer(
    "age",
    TermKind.AGE,
    quantity_patterns.AGE,
    summary="34 years old, aged 34, 9-year-old, 62 y/o, her mid-twenties",
    languages=ENGLISH,
)
#: the oldest age a number in brackets after a name is taken for
_OLDEST = 120
_WORDS_BEFORE = re.compile(r"[^\W\d_][\w'\u2019\-]*")


def _age_after_name(text: str, match: re.Match) -> Bounds:
    """An age in brackets right after a person's name ("our kids Zara (9) and Tobi (4)",
    "John Smith (45)"): the word before is capitalized and it, or the word before it, is a
    given name no ordinary word is; "Article 8 (2)" and "The Regulations (3)" are no ages."""
    start, end = body(match, "age")
    if int(text[start:end]) > _OLDEST:
        return None
    words = _WORDS_BEFORE.findall(text[max(0, match.start() - 40) : match.start() + 1])[-2:]
    if not words or not words[-1][:1].isupper() or text[match.start()] != " ":
        return None
    named = any(fold(word) in given_names() and fold(word) not in common_lowercase_words() for word in words)
    return (start, end) if named else None


AGE_AFTER_NAME = PatternRecognizer(
    "age_after_name",
    TermKind.AGE,
    anchored(r"\s", r"\(", r"\((?P<age>\d{1,3})\)(?!\w)"),
    _age_after_name,
    summary="Zara (9), John Smith (45)",
    languages=ENGLISH,
)
#: what may follow an age said of a person: the clause's end, or what dates it ("she was 15
#: at the time", "he turned 40 in May"); a noun would make the number a count ("he is 4 points")
_AFTER_AN_AGE = r"(?=[ \t]*(?:[,;:!?)\n]|\.(?!\d)|$)|\s+(?:now|today|then|at\s+the\s+time|and|but|when|in)\b)"


def _age_of_a_person(text: str, match: re.Match) -> Bounds:
    """The age, where the subject is a person: "who", "he", "she", or a possessive and a
    noun for one ("my daughter", "our neighbour"; not "my score")."""
    start, end = body(match, "age")
    value = text[start:end]
    if value.isdigit() and int(value) > _OLDEST:
        return None
    noun = match.group("noun")
    return (start, end) if noun is None or names_a_person(noun) else None


AGE_OF_A_PERSON = PatternRecognizer(
    "age_of_a_person",
    TermKind.AGE,
    anchored(
        r"[^\w'\u2019]",
        r"[WwHhSsMmOoTt]",
        r"(?:[Ww]ho|[Ss]?[Hh]e|(?:[Mm]y|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir)\s+(?P<noun>[^\W\d_]+))"
        r"(?:\s+(?:just|now|only|already))?(?:\s+(?:is|was|turned|turns)|['\u2019]?s)\s+"
        rf"(?P<age>\d{{1,3}}(?![\d.,]\d)|{quantity_patterns.WORD_NUMBER}){_AFTER_AN_AGE}",
    ),
    _age_of_a_person,
    summary="my son, who is 4, ...; my daughter is 7; she was 15 at the time; shes 90 (a chat's)",
    languages=ENGLISH,
)
AMOUNT = PatternRecognizer(
    "amount", TermKind.AMOUNT, quantity_patterns.AMOUNT, summary="EUR 736,000, £5,000, 5,000 euros, 1.5 million dollars"
)
DURATION = PatternRecognizer(
    "duration",
    TermKind.QUANTITY,
    quantity_patterns.DURATION,
    summary="three years, twelve years and six months (of imprisonment)",
    languages=ENGLISH,
)
MEASURE = PatternRecognizer(
    "measure", TermKind.QUANTITY, quantity_patterns.MEASURE, summary="219.41 sq. m", languages=ENGLISH
)
PERCENTAGE = PatternRecognizer(
    "percentage",
    TermKind.NUMBER,
    quantity_patterns.PERCENTAGE,
    summary="40%, 35 per cent, forty per cent",
    languages=ENGLISH,
)
