"""Street addresses and postcodes: "12 Baker Street", "Flat 3, 14 High Road", "SW1A 1AA",
"75008 Paris"; not after "Article", "section" ..., no year as a house number."""

from __future__ import annotations

import re

from ...lexicon import MONTHS
from ...terms import TermKind
from .. import identifier_patterns
from ..base import ENGLISH, Bounds, PatternRecognizer, body

_MONTHS = frozenset(MONTHS)


def _address(text: str, match: re.Match) -> Bounds:
    start, end = body(match)
    if identifier_patterns.YEAR.match(text, start) or identifier_patterns.NOT_A_HOUSE_NUMBER.search(
        text, max(0, start - 12), start
    ):
        return None
    return start, end


def _postcode(text: str, match: re.Match) -> Bounds:
    start, end = body(match)
    if text[start:end].split()[-1].lower() in _MONTHS:
        return None
    return start, end


ADDRESS = PatternRecognizer(
    "street_address",
    TermKind.LOCATION,
    identifier_patterns.ADDRESS,
    _address,
    summary="12 Baker Street, Flat 3, 14 High Road",
    languages=ENGLISH,
)
POSTCODE = PatternRecognizer(
    "postcode",
    TermKind.LOCATION,
    identifier_patterns.POSTCODE,
    _postcode,
    summary="SW1A 1AA, 75008 Paris",
    languages=ENGLISH,
)
