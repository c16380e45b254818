"""What the extractor finds: candidate terms, their kinds and their mentions."""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum
from typing import Iterable, Optional

from .added_members import add_member, is_added
from .errors import ConfigurationError
from .spans import merge_intervals


class TermKind(str, Enum):
    """What a candidate is. The order in which overlapping kinds win a merge is
    ``MERGE_PRIORITY``, stated apart (an enum's order is not a rule anyone sees)."""

    EMAIL = "email"  # john.brown@example.org
    URL = "url"  # https://..., www.example.org
    PHONE = "phone"  # validated phone numbers
    ACCOUNT = "account"  # IBAN and payment-card numbers (checksums pass)
    CODE = "code"  # application, case, passport and ID numbers
    DATE = "date"  # dates, years in context, date ranges
    TIME = "time"  # a time of day alone: "22:30", "10 a.m.", "at 4pm" (with a date it is the date's)
    AGE = "age"  # "34 years old", "aged 34"
    AMOUNT = "amount"  # sums of money: "EUR 736,000", "£5,000"
    QUANTITY = "quantity"  # durations, sentences, measures, numbers in words with a unit
    MEASUREMENT = "measurement"  # a value with its unit or label: "BP 130/85", "5 mg" (measurements.py)
    NUMBER = "number"  # other numbers and percentages; noun phrases with a number
    PERSON = "person"  # a person's name, with its title and initials
    ORGANISATION = "organisation"  # courts, ministries, companies, parties
    LOCATION = "location"  # places, countries, addresses, postcodes
    DEMONYM = "demonym"  # "Turkish", "Cypriot"
    SEX = "sex"  # a person's sex said in a word: "varón", "mujer" (quasi-identifier)
    RELATION = "relation"  # a relative of the person: "su madre", "dos hermanas" (quasi-identifier)
    PROFESSION = "profession"  # the person's trade or position: "militar", "hockey coach" (quasi-identifier)
    RANK = "rank"  # a place or a record: "third place", "two world titles", "twice" (quasi-identifier)
    WORK = "work"  # the title of a work: "the album The Wall", "Final Fantasy VII" (quasi-identifier)
    NAME = "name"  # a capitalized name of unknown type
    PUBLIC_REFERENCE = "public_reference"  # "section 70", "the Army Act 1955", "1997-I" (public_references.py)
    NOUN_PHRASE = "noun_phrase"
    ABSTRACT_PHRASE = "abstract_phrase"  # a noun phrase whose head is abstract: "dismissal" (abstract_nouns.py)
    PRONOUN = "pronoun"

    @classmethod
    def _missing_(cls, value: object) -> Optional["TermKind"]:
        """A kind a plug-in recognizer adds (new_kind): known once the plug-ins are loaded,
        so that a policy, an option or a worker process may name it first."""
        from .recognizers.registry import recognizers_for

        recognizers_for(None)  # imports every plug-in recognizer, which declares its kinds
        return cls._value2member_map_.get(value)  # type: ignore[return-value]

    @property
    def added(self) -> bool:
        """Whether a plug-in added the kind (new_kind) rather than this project."""
        return is_added(self)


#: Kinds that refine another: a rule, --kinds or a policy's list that names the other
#: covers them too, unless it names them itself (an abstract phrase is a noun phrase and a
#: public reference a number, so a policy written before they existed treats them so).
REFINEMENTS: dict[TermKind, TermKind] = {
    TermKind.ABSTRACT_PHRASE: TermKind.NOUN_PHRASE,
    TermKind.PUBLIC_REFERENCE: TermKind.NUMBER,
    TermKind.RANK: TermKind.NOUN_PHRASE,
    TermKind.WORK: TermKind.NAME,
    TermKind.MEASUREMENT: TermKind.QUANTITY,
    TermKind.TIME: TermKind.DATE,
}


def with_refinements(kinds: Iterable[TermKind]) -> frozenset[TermKind]:
    """``kinds`` and the kinds that refine one of them."""
    chosen = frozenset(kinds)
    return chosen | {refined for refined, parent in REFINEMENTS.items() if parent in chosen}


#: Kind families: a family name in --kinds or a policy stands for all its kinds
#: (the three families of round 1, so "--kinds code,date,number,name" still works).
KIND_FAMILIES: dict[str, frozenset["TermKind"]] = {
    "code": frozenset({TermKind.CODE, TermKind.EMAIL, TermKind.URL, TermKind.PHONE, TermKind.ACCOUNT}),
    "date": frozenset({TermKind.DATE, TermKind.TIME}),
    "number": frozenset({TermKind.NUMBER, TermKind.AGE, TermKind.AMOUNT, TermKind.QUANTITY, TermKind.MEASUREMENT}),
    "name": frozenset({TermKind.NAME, TermKind.PERSON, TermKind.ORGANISATION, TermKind.LOCATION, TermKind.DEMONYM}),
}


#: From the most to the least specific: when spans of several kinds overlap and are
#: merged, the merged term takes the first. Kinds found by their form (recognizers) come
#: first, then names typed by what they name, then the paper's noun phrases and pronouns.
#: Every kind is listed (a test holds it).
MERGE_PRIORITY: tuple[TermKind, ...] = (
    TermKind.EMAIL,
    TermKind.URL,
    TermKind.PHONE,
    TermKind.ACCOUNT,
    # a value with its label or unit before codes and dates: "BP 120/80" is no date
    TermKind.MEASUREMENT,
    TermKind.CODE,
    TermKind.DATE,
    TermKind.TIME,
    TermKind.AGE,
    TermKind.AMOUNT,
    TermKind.QUANTITY,
    TermKind.RANK,
    TermKind.NUMBER,
    TermKind.PERSON,
    TermKind.ORGANISATION,
    TermKind.LOCATION,
    TermKind.DEMONYM,
    TermKind.SEX,
    TermKind.RELATION,
    TermKind.PROFESSION,
    TermKind.WORK,
    TermKind.NAME,
    TermKind.PUBLIC_REFERENCE,
    TermKind.NOUN_PHRASE,
    TermKind.ABSTRACT_PHRASE,
    TermKind.PRONOUN,
)
KIND_PRIORITY: dict[TermKind, float] = {kind: rank for rank, kind in enumerate(MERGE_PRIORITY)}

_KIND_NAME = re.compile(r"[a-z][a-z0-9_]{1,39}")


def new_kind(name: str, refines: TermKind = TermKind.CODE) -> TermKind:
    """A kind of term a plug-in recognizer adds ("employee_id"), as ``TermKind(name)`` from
    then on. It refines ``refines`` (REFINEMENTS): a policy that does not name it decides it
    by that kind's rule (a code by default: masked whatever its IC), and it wins a merge
    over that kind. Its placeholder is its name in capitals ([EMPLOYEE_ID-1])."""
    if not _KIND_NAME.fullmatch(name) or name in KIND_FAMILIES:
        raise ConfigurationError(
            f"a new kind's name is 2 to 40 lower-case letters, digits or _, and no family: {name!r}"
        )
    known = TermKind._value2member_map_.get(name)
    if known is not None:
        if not TermKind(name).added or REFINEMENTS[TermKind(name)] is not refines:
            raise ConfigurationError(f"the kind {name!r} exists already")
        return TermKind(name)
    kind = add_member(TermKind, name)
    REFINEMENTS[kind] = refines
    KIND_PRIORITY[kind] = KIND_PRIORITY[refines] - 0.5  # more specific than what it refines
    return kind


@dataclass(frozen=True, slots=True, order=True)
class Span:
    """A character range of the input, end exclusive."""

    start: int
    end: int


@dataclass(frozen=True, slots=True)
class CandidateSpan:
    start: int
    end: int
    kind: TermKind
    #: the rule that found it (SPAN_SOURCES, or a recognizer's name): shown in reports,
    #: `terms` and the review page, so that a reader can see why a name is a name
    source: str = ""


#: what found a span besides the recognizers (whose names are their own sources)
SPAN_SOURCES = {
    "public_reference": "a public reference's form (Article 6, [2008] EWHC 860)",
    "name_rule": "a run of capitalized words (the shared name rule)",
    "initials": "initials standing for a person (W.K., J.H.)",
    "informal_name": "a person's or an organisation's name in a sentence written in lower case (maria g. lopez, "
    "thanks, maria, leeds beckett uni)",
    "informal_place": "a place the place lexicon knows in a sentence written in lower case (we moved to swindon)",
    "named_elsewhere": "a part of a person named in full elsewhere in the text",
    "organisation_named_elsewhere": "the first words of an organisation named in full elsewhere in the text",
    "noun_phrase_rule": "the shared noun-phrase rule over the tagger's tags",
    "extractor_chunker": "the extractor's own noun-phrase chunker",
    "extractor_entity": "the extractor's own named-entity recogniser (spaCy's NER)",
    "external": "another system's span given as a candidate (Presidio's results, a span JSON)",
    "pronoun": "a personal pronoun",
    "surname": "the surname of a person named in full in the text",
    "name_in_code": "a part of a masked person's name inside a code, a handle or a path (kowalski-1970/ab)",
    "asked_for": "a phrase the user or the policy names (deny list, beta_term, protect)",
    "hidden_category": "a phrase of a special category the user hides",
    "clinical_shorthand": "a note's acronym, read as its shorthand (the clinical pack: tender RUQ, s/p MVC)",
}


@dataclass(frozen=True)
class CandidateTerm:
    """One term of the document: all mentions whose normalized text is ``key``."""

    key: str
    text: str
    kind: TermKind
    mentions: tuple[Span, ...]
    #: the special category of data it discloses ("health", ...: its subkind), when it
    #: is of a kind that can (CATEGORIZED_KINDS); set when the engine decides
    category: Optional[str] = None
    #: what found the mention that gave the term its kind (CandidateSpan.source)
    source: str = ""


#: The kinds whose terms may disclose a special category of data ("his diabetes", "a
#: Catholic priest", "the Communist Party"); codes, dates and numbers never do.
CATEGORIZED_KINDS = frozenset(
    {TermKind.NOUN_PHRASE, TermKind.ABSTRACT_PHRASE, TermKind.NAME, TermKind.ORGANISATION, TermKind.DEMONYM}
)


def parse_kinds(kinds: Optional[Iterable[TermKind | str]]) -> frozenset[TermKind]:
    if kinds is None:
        return frozenset(TermKind)
    chosen: set[TermKind] = set()
    for kind in kinds:
        value = kind.value if isinstance(kind, TermKind) else kind
        if value in KIND_FAMILIES:
            chosen |= KIND_FAMILIES[value]
        elif value in TermKind._value2member_map_ or _added(value):
            chosen.add(TermKind(value))
        else:
            raise ConfigurationError(
                f"`kinds`: unknown term kind; known kinds: {', '.join(k.value for k in TermKind)}; "
                f"families: {', '.join(KIND_FAMILIES)}"
            )
    if not chosen:
        raise ConfigurationError("`kinds` names no kind")
    return with_refinements(chosen)


def covers(kinds: frozenset[TermKind], kind: TermKind) -> bool:
    """Whether ``kinds`` (a policy's, an option's) covers ``kind``: one of them, or a
    plug-in's kind that refines one of them (lists are written before plug-ins add kinds)."""
    return kind in kinds or (kind.added and REFINEMENTS[kind] in kinds)


def every_kind() -> list[TermKind]:
    """This project's kinds, then those the plug-ins add (new_kind), once they are loaded."""
    return [*TermKind, *(kind for kind in REFINEMENTS if kind.added)]


def _added(name: str) -> bool:
    """Whether a plug-in adds the kind ``name`` (loading the plug-ins to know)."""
    try:
        return TermKind(name).added
    except ValueError:
        return False


def merge_overlapping(spans: Iterable[CandidateSpan]) -> list[CandidateSpan]:
    """Union of overlapping spans, each merged span with its most specific kind (MERGE_PRIORITY)."""

    def most_specific(a: tuple[TermKind, str], b: tuple[TermKind, str]) -> tuple[TermKind, str]:
        return min(a, b, key=lambda found: KIND_PRIORITY[found[0]])  # a tie keeps the earlier: min's first

    merged = merge_intervals(((s.start, s.end, (s.kind, s.source)) for s in spans), most_specific)
    return [CandidateSpan(start, end, kind, source) for start, end, (kind, source) in merged]
