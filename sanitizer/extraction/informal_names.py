"""Names in sentences written in lower case: "maria g. lopez wrote", "thanks, maria",
"we moved to swindon".

Chat messages, support tickets and quick notes drop capitals, and the shared name rule
reads a name by its capital. In a sentence with no capital (codes and acronyms aside), a
word starts a person's name when the given-name lexicon knows it and it is no ordinary
lower-case word (so "will", "mark", "grace" stay words; after a relative only a function
word does: "my son mark", not "my son will call"), and either a surname follows (an
initial, or a word no list of ordinary words holds: "lopez") or a greeting or sign-off
stands before it ("hi maria", "thanks, maria"), or a relative, "called" or "named" ("my
wife sarah", "a woman called priya"), or the writer introduces themselves ("it's priya
again", "i'm darnell"), or it opens its line before a colon, as a chat's speaker ("maria:
no thats it"). After a greeting or sign-off, a name that ends its
line is taken even when it is an ordinary word ("cheers, rob"). A given name alone
elsewhere ("i told maria") is left to the policy's noun phrases: a lone given name in
lower case is a word too often; two joined by "and" are persons ("jim and mary"), and so
is one before whom it is in brackets ("ann (wife)"), one in brackets after whom it is
("daughter (jen)"), or one before a call or a visit ("jane called"). An honorific opens a
name before a surname no list of ordinary words holds ("dr patel", "mrs. o'brien"), and so
do a clinician's title ("np mccarthy", "sw kathy") and an initial ("name: m. okafor").
Interjections are never names ("ha ha", "oh ok"), and a given name and surname that
together name a place are the place ("milton keynes").

A place is read there by the place lexicon (name_lexicons.place_names: countries, regions,
cities of 15,000 people or more), on a word of four letters or more that no list of
ordinary words holds, Punkt's or WordNet's lower-case lemmas ("swindon", "leeds"; not
"bath", "reading", "orange", all of them towns), or on two or three words that are not all
ordinary ("new york", "milton keynes"; not "long beach"). A place that is also a given
name ("florence", "austin") is a place only after a preposition of place: "in austin",
not "ask austin". After a verb of residence and its preposition, a place the lexicon
knows is the place even when it is an ordinary word too ("lives in phoenix", "moved to
reading"; not "lives in fear", which no place is called), as after a trade or a relative
and "from" ("a retired firefighter from revere"), and so is one after a place and a comma,
though a given name too ("tbilisi, georgia"). After a street's type and a comma, a word no
list of ordinary words holds is the address's town or district ("12 orchard close,
didsbury"). A saint's name is a place ("st james", "st. mary's": a hospital, a church, a
street). The words of clinical notes ("foley", "mae", "senna": common_words.clinical_words)
are no given names and no places there.
Organisations named in lower case are informal_organisations.py's.
"""

from __future__ import annotations

import functools
from typing import Iterator, Sequence

from ..lang.en.common_words import ARTICLES, clinical_words, common_lowercase_words, is_function_word
from ..lang.en.frequent_words import is_ordinary_word
from ..lang.en.lexicon import (
    CLINICIAN_TITLES,
    HONORIFICS,
    INFORMAL_STREET_TYPES,
    TOWN_ENDINGS,
)
from ..lang.en.name_words import (
    POSSESSIVE_MARKS,
    RESIDENCE_VERBS,
    SAINT_WORDS,
    TO_A_PLACE,
    TRAVEL_VERBS,
)
from ..lang.en.person_roles import introduces_a_name, role_kind
from ..lang.en.role_words import WHAT_PERSONS_DO
from ..lang.name_lexicons import fold, given_names, place_names, place_openings
from ..recognizers.universal.measurements import measurement_labels
from ..terms import CandidateSpan, TermKind
from ..writing_case import sentence_in_lower_case
from .base import TaggedSentence
from .informal_organisations import organisation_spans
from .lower_case_words import JOINS, NEVER_NAMES, is_double_barrelled, is_given_name, is_ordinary, is_surname
from .name_cues import (
    after_name_is,
    described,
    does_what_persons_do,
    ends_its_line,
    greeted,
    introduces_themselves,
    labels_a_line,
    named_in_brackets,
    object_of_a_verb,
)
from .tokenizer import Token

#: a place's words: "new york" (the longest run the lexicon knows is taken)
_PLACE_WORDS = 3
#: shorter one-word places are words too often ("ha", "un", "san")
_SHORTEST_PLACE = 4
#: how far back in its clause a verb of residence or of travel still says a place follows:
#: "lives with daughter joanne marsh in revere", "son flying in from phoenix"
_RESIDENCE_REACH = 6


def _name_end(text: str, tokens: Sequence[Token], first: int) -> int:
    """The last token of the name that opens at ``first``: its initials ("g .") and its
    surnames ("lopez", "lopez garcia"), on its line; ``first`` itself when none follows."""
    texts = [token.text for token in tokens]
    last, j, surnames = first, first + 1, 0
    while j < len(texts) and "\n" not in text[tokens[j - 1].end : tokens[j].start]:
        if not surnames and len(texts[j]) == 1 and texts[j].isalpha() and texts[j + 1 : j + 2] == ["."]:
            last, j = j + 1, j + 2  # an initial and its period
        elif (is_surname(texts[j]) or is_double_barrelled(texts[j])) and surnames < 2:
            last, j, surnames = j, j + 1, surnames + 1
        else:
            break
    return last


#: the titles that open a name in lower case: honorifics ("dr", "mrs", "fr") and a clinician's ("np")
_TITLES = frozenset(title for title in HONORIFICS | CLINICIAN_TITLES if len(title) > 1)


@functools.cache
def _titles_that_are_words() -> frozenset[str]:
    """The titles that are also words or a note's abbreviations ("miss", "fr" of a catheter's
    size, "np" of a swab): they open a name only before a surname no list holds."""
    return frozenset(
        t for t in _TITLES if t in common_lowercase_words() or t in CLINICIAN_TITLES or t in clinical_words()
    )


def _titled_name_end(text: str, tokens: Sequence[Token], index: int) -> int | None:
    """The last token of a name that a title in lower case opens at ``index`` ("dr patel",
    "mrs. o'brien", "np mccarthy"), a surname no list of ordinary words holds right after
    it; None when there is none."""
    texts = [token.text for token in tokens[index : index + 3]]
    if not texts or texts[0] not in _TITLES:
        return None
    surname = index + 2 if texts[1:2] == ["."] else index + 1
    if surname >= len(tokens) or not is_surname(tokens[surname].text, after_title=True):
        return None
    word = tokens[surname].text
    if texts[0] in _titles_that_are_words() and (not is_surname(word) or is_ordinary_word(word)):
        return None  # "np swab", "16 fr. foley", "rn consulted": the title is a word or an abbreviation there
    if word in measurement_labels() and tokens[surname + 1 : surname + 2] and tokens[surname + 1].text[:1].isdigit():
        return None  # "hr 76 sr bp 142/78": a rhythm's abbreviation before a measurement's label
    return _name_end(text, tokens, surname)


def informal_spans(text: str, sentence: TaggedSentence) -> list[CandidateSpan]:
    """The persons' names and the places of a sentence of ``text`` written wholly in lower
    case (none otherwise)."""
    texts = [token.text for token in sentence.tokens]
    if not sentence_in_lower_case(texts):
        return []
    return [
        *_name_spans(text, sentence, texts),
        *_place_spans(sentence, texts),
        *organisation_spans(text, sentence, texts),
    ]


def _name_spans(text: str, sentence: TaggedSentence, texts: Sequence[str]) -> Iterator[CandidateSpan]:
    i = 0
    while i < len(texts):
        titled = _titled_name_end(text, sentence.tokens, i)
        if titled is None:
            titled = _initialled_name_end(sentence.tokens, i)
        if titled is not None:  # "dr patel", "mrs. o'brien", "m. okafor"
            yield CandidateSpan(sentence.tokens[i].start, sentence.tokens[titled].end, TermKind.PERSON, "informal_name")
            i = titled + 1
            continue
        if not is_surname(texts[i]) and not all(part in given_names() for part in texts[i].split("-")):
            i += 1  # no given name nor surname, whatever the words around it say (most words)
            continue
        after_greeting = greeted(texts, i)
        introduced = introduces_a_name(texts, i)  # a naming word, a relative or a companion before it
        # A sign-off's name may be an ordinary word too ("cheers, rob", "thanks, will"), when
        # it ends the line: "thanks, will do" is no name.
        # After "called" a function word is none ("called to bedside", "called back");
        # after "my name is" any word is one ("my name is will").
        named = (
            (
                introduces_a_name(texts, i, relatives=False)
                and (not is_function_word(texts[i]) or after_name_is(texts, i))
            )
            or (after_greeting and ends_its_line(text, sentence.tokens, i))
            or (introduced and not is_function_word(texts[i]))
            or does_what_persons_do(texts, i)
        )
        # after a relative, a word no list holds is a name the lexicon lacks ("mom chidinma")
        if is_given_name(texts[i], named) or (introduced and is_surname(texts[i])):
            last = _name_end(text, sentence.tokens, i)
            if last > i and fold(" ".join(texts[i : last + 1])) in place_names():
                i = last + 1  # "milton keynes": the place rule's
                continue
            if (
                last > i
                or after_greeting
                or introduced
                or introduces_themselves(texts, i)
                or labels_a_line(text, sentence.tokens, i, last)
                or _paired(texts, i)
                or described(texts, i)
                or named_in_brackets(texts, i)
                or (i + 1 < len(texts) and texts[i + 1] in WHAT_PERSONS_DO)
                or object_of_a_verb(texts, i)
            ):
                yield CandidateSpan(
                    sentence.tokens[i].start, sentence.tokens[last].end, TermKind.PERSON, "informal_name"
                )
                i = last + 1
                continue
        i += 1


def _paired(texts: Sequence[str], index: int) -> bool:
    """A given name joined by "and" to another ("jim and mary called"): two persons."""
    after = texts[index + 1 : index + 3]
    before = texts[max(0, index - 2) : index]
    return (len(after) == 2 and after[0] in _PAIRING and is_given_name(after[1], False)) or (
        len(before) == 2 and before[1] in _PAIRING and is_given_name(before[0], False)
    )


def _initialled_name_end(tokens: Sequence[Token], index: int) -> int | None:
    """The surname's token after an initial that opens at ``index`` ("name: m. okafor"), when
    the surname is a word no list of ordinary words holds; None otherwise."""
    texts = [token.text for token in tokens[index : index + 3]]
    if len(texts) < 3 or len(texts[0]) != 1 or not texts[0].isalpha() or texts[1] != ".":
        return None
    surname = texts[2]
    singular = surname[:-1] if surname.endswith("s") else surname
    if tokens[index + 1].start != tokens[index].end or not is_surname(surname) or is_ordinary(singular):
        return None  # "a. apples and b. pears": a list's letters
    return index + 2


#: what joins two persons' given names
_PAIRING = frozenset({"and", "&"})


def _is_place(words: Sequence[str], before: str, resident: bool = False) -> bool:
    """Whether the lower-case ``words`` name a place, ``before`` the word before them;
    ``resident``: where the words before say a place follows (_place_spans: "lives in", "a
    firefighter from", a place and a comma), so that a place's name that is an ordinary word
    or a given name too is the place (module docstring)."""
    if not all(JOINS.sub("", word).isalpha() for word in words):
        return False
    name = fold(" ".join(words))
    if name not in place_names() or name in NEVER_NAMES:
        return False
    parts = JOINS.split(name.replace(" ", "-"))
    if len(parts) > 1:
        return resident or not all(is_ordinary(part) for part in parts)
    return (
        len(name) >= _SHORTEST_PLACE
        and (resident or not is_ordinary(name))
        and (name not in given_names() or before in TO_A_PLACE or resident)
    )


def _saint_end(texts: Sequence[str], index: int) -> int | None:
    """The last token of a place named after a saint that opens at ``index`` ("st james",
    "st. thomas'": a hospital, a church, a street or a town), a given name after "st" or
    "saint"; None when there is none."""
    if texts[index] not in SAINT_WORDS:
        return None
    name = index + 2 if texts[index + 1 : index + 2] == ["."] else index + 1
    if name >= len(texts) or not texts[name].isalpha() or fold(texts[name]) not in given_names():
        return None
    # "elm st in somerville": a street's type before a preposition, no saint ("in" is a Korean name)
    if is_function_word(texts[name]):
        return None
    # "st. luke's": the possessive is the place's ("St Luke's hospital or church")
    return name + 1 if texts[name + 1 : name + 2] and texts[name + 1] in POSSESSIVE_MARKS else name


def _is_town_after_a_street(texts: Sequence[str], index: int) -> bool:
    """A word no list of ordinary words holds after a street's type and a comma: the town or
    the district of an address ("12 orchard close, didsbury"), which no lexicon need know."""
    word = texts[index]
    return (
        index >= 2
        and texts[index - 1] == ","
        and texts[index - 2].lower().rstrip(".") in INFORMAL_STREET_TYPES
        and word.isalpha()
        and len(word) >= _SHORTEST_PLACE
        and not is_ordinary(word.lower())
    )


def _town_size(texts: Sequence[str], first: int) -> int:
    """How many words the town opening at ``first`` holds: those after it that no list of
    ordinary words holds or that end a town's name ("hebden bridge", "hemel hempstead"; not
    "swindon last month")."""
    size = 1
    while size < _PLACE_WORDS and first + size < len(texts):
        word = texts[first + size].lower()
        if not word.isalpha() or (is_ordinary(word) and word not in TOWN_ENDINGS):
            break
        size += 1
    return size


def _says_where_someone_is(texts: Sequence[str], index: int) -> bool:
    """Whether the preposition at ``index`` says where someone lives: after a trade or a
    relative, "from" ("a firefighter from", "my cousin from"); after a verb of residence or
    of travel earlier in its clause, a place's preposition ("lives in", "moved to", "lives
    with daughter joanne marsh in", "flying in from")."""
    preposition = texts[index].lower()
    # "on" says where only after a verb of residence: "lives on the isle of wight"
    if (preposition not in TO_A_PLACE and preposition != "on") or index < 1:
        return False
    if preposition == "from" and role_kind(texts[index - 1].lower()) is not None:
        return True
    if preposition == "on" and texts[index - 1].lower() not in RESIDENCE_VERBS:
        return False
    for word in reversed(texts[max(0, index - _RESIDENCE_REACH) : index]):
        if not word[:1].isalnum():
            return False  # the clause ends
        if word.lower() in RESIDENCE_VERBS or word.lower() in TRAVEL_VERBS:
            return True
    return False


def _place_spans(sentence: TaggedSentence, texts: Sequence[str]) -> Iterator[CandidateSpan]:
    i, place_end = 0, -2
    while i < len(texts):
        saint = _saint_end(texts, i)
        if saint is not None:
            yield CandidateSpan(
                sentence.tokens[i].start, sentence.tokens[saint].end, TermKind.LOCATION, "informal_place"
            )
            i = saint + 1
            continue
        size = 0
        if fold(texts[i]) in place_openings():  # most words open no place's name: asked first
            before = texts[i - 1].lower() if i else ""
            # after a verb of residence ("lives in"), someone's trade or kin and "from" ("a retired
            # firefighter from revere"), or a place and a comma ("tbilisi, georgia")
            resident = (i >= 1 and _says_where_someone_is(texts, i - 1)) or (before == "," and place_end == i - 2)
            # after an article, a place of several words: "lives on the isle of wight", "moved to
            # the united states" (not "drive us to the lake house")
            named = before in ARTICLES and i >= 2 and _says_where_someone_is(texts, i - 2)
            longest = min(_PLACE_WORDS, len(texts) - i)
            size = next(
                (n for n in range(longest, 0, -1) if _is_place(texts[i : i + n], before, resident or named and n > 1)),
                0,
            )
        if not size and _is_town_after_a_street(texts, i):
            size = _town_size(texts, i)
        if size:
            yield CandidateSpan(
                sentence.tokens[i].start, sentence.tokens[i + size - 1].end, TermKind.LOCATION, "informal_place"
            )
            i += size
            place_end = i - 1
        else:
            i += 1
