"""What a capitalized name names: a person, an organisation, a place or a people.

``name_kind(tokens, preceding, following)`` types one name span from its own words and
the few words around it. The first rule that applies decides:

1. organisation: its head word is one ("Court of Cassation", "Izmir State Security
   Court", "Ministry for Foreign Affairs", "Serco Ltd", "Trent RHA");
2. person: a title before a name ("Mr John Brown", "Mrs G.", "Dr Price", "Lord Justice
   Kennedy"; not a role: "Lord Chief Justice") or a judge's post-nominal ("Tugendhat J");
3. the words before it: "the applicant, X" and "represented by X" name a person, "born
   in X" and "a lawyer practising in X" a place;
   position: its head is a trade ("Prime Minister of Turkey", "Lead Physiotherapist");
4. demonym: every word names a people or a religion ("Turkish", "Greek Cypriot",
   "Catholic"), unless it names a country;
5. place: a country, region or city of the gazetteer ("London", "Florida", "İzmir"), a
   place head word ("Baker Street", "County of Stockholm", "Gulf of Bothnia");
6. person: initials ("J. Scott", "F.A."), a given name first ("John Harding Price",
   "Carl"), a party to a case ("Maxwell v. the United Kingdom"), one the writer lists
   themselves after ("Smith and I"), one described by a trade or a relation in apposition
   ("Yaw Boateng, a schoolteacher"), a lone capital letter used as a subject ("K claimed",
   "X and Y");
7. organisation: an acronym alone ("BNP");
8. place by context: "Stevenston, Scotland", "Adare village", "in Fjerritslev";
9. organisation: a head word inside ("HM Prison Rye Hill");
10. otherwise NAME.

The closed word classes (titles, head words, contexts) are in ``name_words``, the open
ones (given names, places, demonyms) in ``name_lexicons``.
"""

from __future__ import annotations

import functools
import itertools
import re
from typing import Sequence

from ..lang.en.common_words import ARTICLES, PERSONAL_POSSESSIVES, common_lowercase_words, is_function_word
from ..lang.en.lexicon import ORIGIN_PARTICIPLES
from ..lang.en.name_words import (
    AWARD_HEADS,
    BIRTH_WORDS,
    COMPASS,
    CONNECTORS,
    FINDING_DEGREES,
    LOCATION_CONTEXTS,
    LOCATION_HEADS,
    LOCATION_HEADS_BEFORE_OF,
    LOCATION_HEADS_FIRST,
    NAME_PARTICLES,
    NOT_INITIALS,
    ORGANISATION_HEADS,
    ORGANISATION_HEADS_BEFORE_OF,
    PERSON_CONTEXTS,
    PLACE_NOUNS_AFTER,
    PLACE_PREPOSITIONS,
    POST_NOMINALS,
    QUOTATION_MARKS,
    RELIGIONS,
    ROLE_WORDS,
    ROMAN_NUMERAL,
    SELF_INTRODUCTIONS,
    STATUTE_HEADS,
    SUBJECT_FOLLOWERS,
    SURNAME_ORGANISATION_HEADS,
    VERSUS,
    WORK_NOUNS,
    is_capital_letter,
    is_honorific,
    is_initial,
    is_legal_form,
    is_month,
    is_title,
)
from ..lang.en.person_roles import introduces_a_name, is_companion, role_kind
from ..lang.name_lexicons import (
    country_and_region_names,
    demonyms,
    fold,
    given_names,
    opens_with_a_region,
    place_names,
    state_codes,
)
from ..terms import TermKind
from .abstract_nouns import is_abstract_noun

_PEERAGE_TITLES = frozenset({"lord", "lady"})  # the peers among name_words.TITLES


def looks_like_person(tokens: Sequence[str]) -> bool:
    """The words of a run that already name a person by their form alone."""
    if not tokens:
        return False
    words = [fold(token) if is_initial(token) else fold(token).rstrip(".") for token in tokens]
    return (
        is_honorific(tokens[0])
        or is_capital_letter(tokens[0])
        and len(tokens) == 1
        or any(is_initial(token) for token in tokens)
        # "Detective Constable Laura Mills" (of South Yorkshire Police); but a peer's
        # territorial title goes on after "of": "Lord Rodger of Earlsferry"
        or _is_titled_person(tokens, words)
        and words[0] not in _PEERAGE_TITLES
        or len(tokens) > 1
        and _starts_with_given_name([fold(token) for token in tokens], tokens)
    )


def splits_between(left: Sequence[str], connectors: Sequence[str], right_first: str) -> bool:
    """Whether "LEFT connectors RIGHT" are two names. A person's name continues only
    across its particles ("Dean De La Cruz"; not "Mr P. Chapman of Mitchells Solicitors",
    "Mr Baker for the Government"), and a run never joins two persons ("Dr Price and K",
    "X and Y"), two places or peoples ("Florida and Ankara"), a complete organisation
    and the next ("the Court and the Ministry"); "Bosnia and Herzegovina" and "Foreign
    and Commonwealth Office" stay whole, and so does an organisation's head before "of"
    after a word that is also a given name ("London School of Economics")."""
    heads_an_organisation = list(connectors) == ["of"] and fold(left[-1]) in ORGANISATION_HEADS_BEFORE_OF
    if heads_an_organisation and len(left) > 1 and not is_honorific(left[0]):
        return False
    if not set(connectors) <= NAME_PARTICLES and (looks_like_person(left) or is_title(left[-1])):
        return True
    if "and" not in connectors and "&" not in connectors:
        return False
    if (
        "the" in connectors
        or looks_like_person(left)
        or is_title(right_first)
        or is_initial(right_first)
        or is_capital_letter(right_first)
    ):
        return True
    words = [fold(token) for token in left]
    joined = " ".join([*words, *connectors, fold(right_first)])
    known_whole = any(place.startswith(joined) for place in _places_with_and())
    return not known_whole and (
        words[-1] in ORGANISATION_HEADS or _is_demonym(words) or " ".join(words) in place_names()
    )


@functools.cache
def _places_with_and() -> tuple[str, ...]:
    return tuple(place for place in place_names() if " and " in place)


def _opens_a_life(following: Sequence[str]) -> bool:
    """Whether a person's birth follows the name in brackets, as a biography opens:
    "Kalani Makoa-Reyes (born June 3, 1991)", "Dame Eleanor Vance (née Harrow"."""
    return len(following) >= 2 and following[0] == "(" and fold(following[1]) in BIRTH_WORDS


def _ends_with(preceding: Sequence[str], contexts: Sequence[tuple[str, ...]]) -> bool:
    words = tuple(fold(token) for token in preceding)
    return any(words[-len(context) :] == context for context in contexts)


def is_work_title(preceding: Sequence[str]) -> bool:
    """Whether a work's noun comes right before the name, quotation marks, a title's
    leading "The" and an apposition's comma aside: "the album The Wall", "his film “Heat”",
    "her debut novel, The Quiet Harbour"."""
    words = [fold(token) for token in preceding if token not in QUOTATION_MARKS]
    if words[-1:] == ["the"] and preceding and preceding[-1] == "The":
        words = words[:-1]
    if words[-1:] == [","]:
        words = words[:-1]
    return bool(words) and words[-1] in WORK_NOUNS


def _head_before_connector(words: Sequence[str]) -> str | None:
    """The word before the first "of" or "for": the head of "Court of Cassation",
    "Ministry for Foreign Affairs", "Committee for the Prevention of Torture"."""
    for index, word in enumerate(words[1:], start=1):
        if word in ("of", "for"):
            return words[index - 1]
    return None


def _is_organisation(words: Sequence[str], tokens: Sequence[str]) -> bool:
    before_of = _head_before_connector(words)
    # "Trent RHA": a name ending in an acronym that is no post-nominal ("John Smith QC").
    acronym_last = len(tokens) > 1 and _is_acronym(tokens[-1]) and words[-1] not in POST_NOMINALS
    return (
        words[-1] in ORGANISATION_HEADS
        or is_legal_form(tokens[-1])
        or before_of in ORGANISATION_HEADS_BEFORE_OF
        or acronym_last
    )


def _is_statute(words: Sequence[str], tokens: Sequence[str], following: Sequence[str]) -> bool:
    """A statute's name: its head last ("Lustration Act") or first before "of" ("Code of
    Criminal Procedure"), or alone before its date or number ("the Law of 5 May 1990",
    "Decree no. 12"); never after a given name ("Jude Law")."""
    if len(words) == 1:
        return words[0] in STATUTE_HEADS and bool(following) and fold(following[0]).rstrip(".") in ("of", "no")
    if _starts_with_given_name(words, tokens):
        return False
    return words[-1] in STATUTE_HEADS or words[0] in STATUTE_HEADS and words[1] == "of"


def _is_acronym(token: str) -> bool:
    """A word in capitals that is not an ordinary word in a heading ("FACTS") nor a
    Roman numeral ("II")."""
    return (
        len(token) >= 2
        and token.isalpha()
        and token.isupper()
        and fold(token) not in common_lowercase_words()
        and ROMAN_NUMERAL.fullmatch(token) is None
    )


def _starts_with_given_name(words: Sequence[str], tokens: Sequence[str]) -> bool:
    """A given name first ("John Harding Price", "Carl"); a given name that is also an
    ordinary word ("Due", "Mark") counts only before words that are not ("Mark Twain",
    not "Martial Law"); an acronym is not a name ("IRA")."""
    if words[0] not in given_names() or tokens[0].isupper() or len(tokens) == 1 and is_month(tokens[0]):
        return False  # an acronym ("IRA"), a month alone ("April")
    common = common_lowercase_words()
    rest = [word for word in words[1:] if word not in CONNECTORS]
    return words[0] not in common or bool(rest) and not any(word in common for word in rest)


def _is_titled_person(tokens: Sequence[str], words: Sequence[str]) -> bool:
    """An honorific before a name ("Mr White", "Mrs G."), or office titles before a name
    ("Lord Justice Kennedy", "Sergeant Gamble"), not before a role ("Lord Chief Justice")."""
    if len(tokens) < 2 or not is_title(tokens[0]):
        return False
    if is_honorific(tokens[0]):
        return True
    rest = [word for token, word in zip(tokens, words) if not is_title(token)]
    return bool(rest) and rest[0] not in CONNECTORS and rest[0] not in ROLE_WORDS


def _is_position(words: Sequence[str], tokens: Sequence[str]) -> bool:
    """A trade or position capitalized as a title: "Prime Minister (of Turkey)", "Lead
    Physiotherapist", "Chief Constable": its head, last or before "of", is a trade, and
    it opens with no given name ("Tom Baker") and is no place's name ("Palo Alto"). A trade
    alone may be a surname ("Cook")."""
    head = _head_before_connector(words) or words[-1]
    trade = len(words) > 1 and role_kind(head) is TermKind.PROFESSION
    return trade and not _starts_with_given_name(words, tokens) and " ".join(words) not in place_names()


def _is_county(tokens: Sequence[str], preceding: Sequence[str]) -> bool:
    """ "Co. Limerick" after a place and its comma: Irish and British addresses abbreviate
    "County" as companies abbreviate "Company"."""
    return len(tokens) > 1 and tokens[0] == "Co." and list(preceding[-1:]) == [","]


def _is_place(words: Sequence[str]) -> bool:
    places = place_names()
    whole = " ".join(word for word in words if word != "the")
    before_of = words[words.index("of") - 1] if "of" in words[1:] else None
    return (
        whole in places
        or words[-1] in LOCATION_HEADS
        or len(words) > 1
        and words[0] in LOCATION_HEADS_FIRST
        or before_of in LOCATION_HEADS_BEFORE_OF
        or len(words) > 1
        and words[0] in COMPASS
        and " ".join(words[1:]) in places
    )


def _is_demonym(words: Sequence[str]) -> bool:
    """Peoples and faiths ("Scottish", "Anglo-Irish"), and a people joined to how one is of
    it ("Polish-born", "Spanish-speaking")."""
    peoples = [p for word in words if word not in CONNECTORS for p in word.split("-") if p not in ORIGIN_PARTICIPLES]
    return bool(peoples) and all(part in demonyms() or part in RELIGIONS for part in peoples)


def _is_state_code(tokens: Sequence[str], preceding: Sequence[str]) -> bool:
    """A state's postal code right after a capitalized word and a comma: "Quincy, MA"."""
    after_a_name = len(preceding) >= 2 and preceding[-1] == "," and preceding[-2][:1].isupper()
    return len(tokens) == 1 and tokens[0] in state_codes() and after_a_name


def _is_organisation_acronym(tokens: Sequence[str], words: Sequence[str], preceding: Sequence[str]) -> bool:
    """An acronym standing alone ("BNP", "CMAC") names an organisation far more often than
    anything else (places and peoples written in capitals are told first); not a degree after
    a name ("PhD"), nor a finding after its degree ("moderate MR")."""
    after_a_degree = bool(preceding) and fold(preceding[-1]) in FINDING_DEGREES
    return len(tokens) == 1 and _is_acronym(tokens[0]) and words[0] not in POST_NOMINALS and not after_a_degree


def _is_place_by_context(words: Sequence[str], preceding: Sequence[str], following: Sequence[str]) -> bool:
    """ "Stevenston, Scotland" (a place, then its country or region), "Adare village",
    "in Fjerritslev" (an unknown name that is no ordinary word nor a field's, after "in",
    "at", "near")."""
    after = [fold(token) for token in following[:2]]
    if after[:1] == [","] and opens_with_a_region(following[1:]):
        return True
    if after[:1] and after[0] in PLACE_NOUNS_AFTER:
        return True
    # a field's name is no place: "a degree in Analytical Chemistry"
    return (
        bool(preceding)
        and fold(preceding[-1]) in PLACE_PREPOSITIONS
        and not any(word in common_lowercase_words() for word in words)
        and not is_abstract_noun(words[-1])
    )


def _is_person_by_form(
    tokens: Sequence[str], words: Sequence[str], preceding: Sequence[str], following: Sequence[str]
) -> bool:
    next_word = fold(following[0]) if following else ""
    if any(is_initial(token) for token in tokens):
        # Initials with a surname ("J. Scott"), or alone ("F.A.", "B.Ö."): anonymised persons.
        return len(tokens) > 1 or words[0] not in NOT_INITIALS
    after_the = len(tokens) > 1 and bool(preceding) and fold(preceding[-1]) == "the"  # "at the Royal Free"
    if _starts_with_given_name(words, tokens) and not after_the or next_word in VERSUS:
        return True
    if next_word == "and" and list(following[1:2]) in (["I"], ["me"]):
        return True  # a writer lists themselves after the people they name: "Smith and I went"
    if _described_as_a_person(following):
        return True
    if len(tokens) == 1 and is_honorific(tokens[0]):
        return next_word == "and" and len(following) >= 2 and is_honorific(following[1])  # "Mr and Mrs T."
    if len(tokens) == 1 and is_capital_letter(tokens[0]):
        # "K claimed", "K’s non-attendance", "X and Y"
        after_and = len(preceding) >= 2 and fold(preceding[-1]) == "and" and is_capital_letter(preceding[-2])
        before_and = len(following) >= 2 and next_word == "and" and is_capital_letter(following[1])
        return (
            next_word in SUBJECT_FOLLOWERS
            or next_word.endswith("ed")
            and next_word.isalpha()
            or after_and
            or before_and
        )
    return False


def _modifies_a_noun(tokens: Sequence[str], preceding: Sequence[str], following: Sequence[str]) -> bool:
    """A one-word name between an article and a lower-case word, which it modifies: a brand
    or a thing named after someone ("the Visa card", "a Jaguar car"), not a person, whom no
    article precedes."""
    return (
        len(tokens) == 1
        and bool(preceding)
        and preceding[-1].lower() in ARTICLES
        and bool(following)
        and following[0].isalpha()
        and following[0].islower()
        and not is_function_word(following[0])
    )


#: the words that open an apposition describing who someone is: "Yaw, a teacher", "Kofi, her son"
_APPOSITION_OPENERS = PERSONAL_POSSESSIVES | {"a", "an"}


def _described_as_a_person(following: Sequence[str]) -> bool:
    """A trade, a relative or a companion in apposition after the name: "Yaw Boateng, a
    schoolteacher,", "Akosua Asante, a market trader", "Kofi, her younger brother", "Kwabena,
    my neighbour". Its head is the last word before a function word or a mark ("a teacher
    at the school": "teacher")."""
    if list(following[:1]) != [","] or len(following) < 3 or fold(following[1]) not in _APPOSITION_OPENERS:
        return False
    run = list(itertools.takewhile(lambda word: word.isalpha() and not is_function_word(word), following[2:]))
    return bool(run) and (role_kind(run[-1]) in (TermKind.PROFESSION, TermKind.RELATION) or is_companion(run[-1]))


#: capitals and digits, both, five or more: a reference, not a name ("MP3", "A4" are words)
_REFERENCE_CODE = re.compile(r"(?=[A-Z]*\d)(?=\d*[A-Z])[A-Z\d]{5,}")


def name_kind(tokens: Sequence[str], preceding: Sequence[str] = (), following: Sequence[str] = ()) -> TermKind:
    """The kind of the name made of ``tokens`` (the span's own tokens, a title and the
    periods of initials included), given up to a few tokens before and after it in
    its sentence."""
    if len(tokens) == 1 and _REFERENCE_CODE.fullmatch(tokens[0]) and not tokens[0].isdigit():
        return TermKind.CODE  # "QX7TRN", "BA2491": a booking's or a flight's reference
    # A token with a digit names nothing by itself: "London NW1" (a postcode's first half,
    # which the recognizers take) is typed as "London".
    tokens = [token for token in tokens if not any(char.isdigit() for char in token)] or tokens
    words = [fold(token).rstrip(".") if not is_initial(token) else fold(token) for token in tokens]
    words = [word for word in words if word]
    if not words:
        return TermKind.NAME
    if _is_county(tokens, preceding) or _is_state_code(tokens, preceding):
        return TermKind.LOCATION  # "Patrickswell, Co. Limerick", "Quincy, MA": no company
    if is_work_title(preceding):
        return TermKind.WORK
    if role_kind(words[0]) is TermKind.RELATION:
        # A relative called by their kin, capitalized as a name: "Mum is staying with us",
        # "Grandma" (a kin that is also a given name, "Nan", may be the name); before a
        # given name it is their title: "Auntie Sue", "Uncle Bob".
        if len(words) == 1 and words[0] not in given_names():
            return TermKind.RELATION
        if len(words) > 1 and words[1] in given_names():
            return TermKind.PERSON
    if _is_organisation(words, tokens):
        return TermKind.ORGANISATION
    if len(words) > 1 and words[-1] in AWARD_HEADS:
        return TermKind.NAME  # "the Calder Cup", "the E. O. Wilson Prize": named after a person, not one
    if _is_titled_person(tokens, words) or len(tokens) > 1 and words[-1] in POST_NOMINALS:
        return TermKind.PERSON
    if _ends_with(preceding, PERSON_CONTEXTS) or introduces_a_name(preceding) or _opens_a_life(following):
        return TermKind.PERSON
    if _is_statute(words, tokens, following):
        return TermKind.PUBLIC_REFERENCE  # "the Criminal Code", "the Code of Civil Procedure": a law's name
    if preceding and role_kind(preceding[-1]) is TermKind.PROFESSION:
        return TermKind.PERSON  # in apposition to a trade: "the prosecutor Ivanov" (also a town)
    if _is_position(words, tokens):
        return TermKind.PROFESSION
    if _ends_with(preceding, LOCATION_CONTEXTS):
        return TermKind.LOCATION
    if _ends_with(preceding, SELF_INTRODUCTIONS) and words[0] in given_names():
        return TermKind.PERSON  # "I'm Jordan", "it's Chelsea": the writer, not the place
    # A people before a place: "Somali" is also a town, but a country stays a country.
    if _is_demonym(words) and " ".join(words) not in country_and_region_names():
        return TermKind.DEMONYM
    if _is_place(words):
        return TermKind.LOCATION
    if _has_head_inside(words, tokens):
        return TermKind.ORGANISATION  # "Trinity College Dublin", "Kerry Group Irish Novel": not a given name's
    if _ends_with(preceding, SELF_INTRODUCTIONS) or (
        _is_person_by_form(tokens, words, preceding, following) and not _modifies_a_noun(tokens, preceding, following)
    ):
        return TermKind.PERSON
    if _is_organisation_acronym(tokens, words, preceding):
        return TermKind.ORGANISATION
    if _is_place_by_context(words, preceding, following):
        return TermKind.LOCATION
    if len(words) > 1 and any(word in ORGANISATION_HEADS for word in words[:-1]):
        return TermKind.ORGANISATION  # the head inside: "HM Prison Rye Hill", "University College London"
    return TermKind.NAME


def _has_head_inside(words: Sequence[str], tokens: Sequence[str]) -> bool:
    """An organisation's head after a name's first word, followed by words that no surname
    is: places, peoples and ordinary words ("Trinity College Dublin", "Kerry Group Irish
    Novel"); not "Mary Church Terrell", nor after a title ("Mr John Church Smith")."""
    if len(words) < 3 or is_title(tokens[0]):
        return False
    heads = [
        index
        for index, word in enumerate(words[1:-1], start=1)
        if word in ORGANISATION_HEADS and word not in SURNAME_ORGANISATION_HEADS
    ]
    ordinary = common_lowercase_words()
    return bool(heads) and all(
        word in ordinary or _is_place([word]) or _is_demonym([word]) for word in words[heads[0] + 1 :]
    )
