"""What the extractor finds: candidate terms, their kinds and their mentions."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


class TermKind(str, Enum):
    """Why a span is a candidate. Listed from the most to the least specific: when
    spans of several kinds overlap and are merged, the merged term takes the first."""

    CODE = "code"            # application and case numbers, identifiers with digits
    DATE = "date"            # dates, years, date ranges
    NUMBER = "number"        # amounts, percentages, noun phrases with a number ("three children")
    NAME = "name"            # capitalized sequences: people, places, organisations, demonyms
    NOUN_PHRASE = "noun_phrase"
    PRONOUN = "pronoun"


KIND_PRIORITY = {kind: rank for rank, kind in enumerate(TermKind)}


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


@dataclass(frozen=True)
class CandidateTerm:
    """One term of the document: all mentions whose normalized text is ``key``."""

    key: str
    text: str
    kind: TermKind
    mentions: tuple[Span, ...]
