"""Organisations in sentences written in lower case (informal_names.py finds their persons
and places): an organisation's head ("university", "surgery", "bank", "uni") after one to
three words of its name, one of them no ordinary word or the last a street's type: "leeds
beckett uni", "the burley park surgery", "the marsh lane surgery" (not "the local bank",
"my high school", "a high street bank"), where the writer writes in lower case
(writing_case.writer_writes_in_lower_case). A patron's possessive may be among those
words: a royal title or a given name that is no word ("queen's medical centre", "lucy's
hospice"; not "my son's birthday party"). A hospital is named by ordinary words
too, unless they only say what kind of hospital it is: "the royal infirmary", "mercy
hospital" (not "the local general hospital", "an outside hospital"); an organisation's head
is no surname ("royal" is a given name, "the royal infirmary" no person). A care home is
named by ordinary words too, two or three of them with no article nor possessive before:
"from royal view nursing home" (not "from a nursing home").
"""

from __future__ import annotations

from typing import Iterator, Sequence

from ..lang.en.common_words import DETERMINERS, clinical_words, is_function_word
from ..lang.en.lexicon import INFORMAL_STREET_TYPES, PATRON_TITLES
from ..lang.en.name_words import HOSPITAL_HEADS, HOSPITAL_KINDS, ORGANISATION_HEADS, POSSESSIVE_MARKS
from ..terms import CandidateSpan, TermKind
from ..writing_case import writer_writes_in_lower_case
from .base import TaggedSentence
from .lower_case_words import JOINS, NEVER_NAMES, is_given_name, is_ordinary

#: the words of an organisation's name before its head: "leeds beckett uni"
_ORGANISATION_WORDS = 3


def organisation_spans(text: str, sentence: TaggedSentence, texts: Sequence[str]) -> Iterator[CandidateSpan]:
    """Organisations named before their head in lower case (module docstring), where the
    writer writes so: a judgment's sentence without a capital ("the children's psychiatric
    clinic") is not the writer's way of naming one."""
    tokens = sentence.tokens
    for head, head_word in enumerate(texts):
        if head_word not in ORGANISATION_HEADS or not writer_writes_in_lower_case(
            text, tokens[head].start, tokens[head].end
        ):
            continue
        first = _name_start(texts, sentence.tags, head)
        words = texts[first:head]
        if words and (
            not all(is_ordinary(word) for word in words)
            or _names_a_hospital(head_word, words)
            or _named_after_its_street(words)
        ):
            yield CandidateSpan(tokens[first].start, tokens[head].end, TermKind.ORGANISATION, "informal_name")
    yield from _care_home_spans(text, sentence, texts)


def _names_a_hospital(head: str, words: Sequence[str]) -> bool:
    """Whether ordinary words before a hospital's head name it ("the royal infirmary", "mercy
    hospital"), rather than say what kind of hospital it is ("the local general hospital")."""
    return head in HOSPITAL_HEADS and any(word not in HOSPITAL_KINDS and word not in clinical_words() for word in words)


#: a street's name that is any town's: "a high street bank", "main street shops"
_ANY_TOWNS_STREET = frozenset({"high", "main"})


def _named_after_its_street(words: Sequence[str]) -> bool:
    """Whether the words before the head are a street's name, which names a practice or a
    school ("the marsh lane surgery", "church road practice"; not "a high street bank")."""
    return len(words) >= 2 and words[-1] in INFORMAL_STREET_TYPES and words[0] not in _ANY_TOWNS_STREET


#: the words a home is a care facility after: "nursing home", "care home"
_CARE_HOMES = frozenset({"nursing", "care", "rest", "retirement"})


def _care_home_spans(text: str, sentence: TaggedSentence, texts: Sequence[str]) -> Iterator[CandidateSpan]:
    """A care home named by two or three words before its head, with no article nor
    possessive before them: "admitted from royal view nursing home" (not "from a nursing
    home", "her care home")."""
    tokens = sentence.tokens
    for head in range(3, len(texts)):
        if texts[head] != "home" or texts[head - 1] not in _CARE_HOMES:
            continue
        if not writer_writes_in_lower_case(text, tokens[head].start, tokens[head].end):
            continue
        first = _name_start(texts, sentence.tags, head - 1)
        if head - 1 - first >= 2 and (first == 0 or texts[first - 1] not in DETERMINERS):
            yield CandidateSpan(tokens[first].start, tokens[head].end, TermKind.ORGANISATION, "informal_name")


def _name_start(texts: Sequence[str], tags: Sequence[str], head: int) -> int:
    """The first of the words before ``head`` (up to _ORGANISATION_WORDS) that may be part
    of an organisation's name (``head`` itself when none may)."""
    first, lowest = head, max(0, head - _ORGANISATION_WORDS)
    while first > lowest:
        if first - 2 >= lowest and texts[first - 1] in POSSESSIVE_MARKS and _is_patron(texts[first - 2]):
            first -= 2  # "queen's medical centre", "lucy's hospice": named after its patron
        elif _may_name(texts[first - 1], tags[first - 1]):
            first -= 1
        else:
            break
    return first


def _is_patron(word: str) -> bool:
    """What an institution is named after with a possessive: a royal title, or a given name
    that is no ordinary word ("lucy's"; not "guy's", a word, nor "my son's birthday party")."""
    return word in PATRON_TITLES or (is_given_name(word, named=False) and not is_ordinary(word))


#: the tagger's closed classes: a preposition the function words' list lacks ("services
#: through old colony hospice": "through" may be a particle too) is no part of a name
_CLOSED_CLASS_TAGS = frozenset({"IN", "TO", "DT", "PDT", "CC", "PRP", "PRP$", "WDT", "WP", "MD", "EX"})


def _may_name(word: str, tag: str) -> bool:
    """A word that may be part of an organisation's name: a word, not a function word nor a
    possessive ("my son's birthday party" names no party)."""
    closed = tag in _CLOSED_CLASS_TAGS or is_function_word(word) or word in POSSESSIVE_MARKS
    return JOINS.sub("", word).isalpha() and not closed and word not in NEVER_NAMES
