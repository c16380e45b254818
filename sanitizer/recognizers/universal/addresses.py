"""Street addresses, postcodes and coordinates: "12 Baker Street", "Flat 3, 14 High Road",
"SW1A 1AA", "75008 Paris", "51.5074, -0.1278", and in a text written in lower case "14 elm
close"; not after "Article", "section" ..., no year as a house number."""

from __future__ import annotations

import re

from ...lang.en.common_words import is_function_word
from ...lang.en.lexicon import MONTHS
from ...lang.en.name_words import TO_A_PLACE
from ...terms import TermKind
from ...writing_case import writer_writes_in_lower_case
from .. import identifier_patterns
from ..base import ENGLISH, Bounds, PatternRecognizer, body
from ..pattern_tools import anchored

_MONTHS = frozenset(MONTHS)


def _address(text: str, match: re.Match) -> Bounds:
    start, end = body(match)
    if identifier_patterns.YEAR.match(text, start) or identifier_patterns.NOT_A_HOUSE_NUMBER.search(
        text, max(0, start - 12), start
    ):
        return None
    if not any(ch.isupper() for ch in text[start:end]) and not _is_lower_case_address(text, start, end):
        return None
    return start, end


def _is_lower_case_address(text: str, start: int, end: int) -> bool:
    """A street's name in lower case ("14 elm close"): only where the writer writes
    everything so, of content words ("we drove 3 miles down the road" is none), and where
    an address ends (a comma, the end of a clause) or one is expected (after "to", "at",
    "in", "near", "from"): "the shop had 2 more road bikes" is none."""
    words = text[start:end].split()
    if not writer_writes_in_lower_case(text, start, end) or any(
        is_function_word(w) for w in words[1:-1] if not w[0].isdigit()
    ):
        return False
    before = text[max(0, start - 6) : start].split()
    # the pattern takes a dot after the street's type ("crescent."): a sentence's end too
    ends_a_clause = _CLAUSE_END.match(text, end - 1 if text[end - 1] == "." else end)
    return bool(ends_a_clause) or bool(before) and before[-1].lower() in TO_A_PLACE


#: where a lower-case address ends: punctuation or the end of the text
_CLAUSE_END = re.compile(r"\s*(?:[,;:!?)\n]|\.(?!\w)|$)")


def _postcode(text: str, match: re.Match) -> Bounds:
    start, end = body(match)
    if text[start:end].split()[-1].lower() in _MONTHS:
        return None
    if not any(ch.isupper() for ch in text[start:end]) and not _is_lower_case_postcode(text[start:end]):
        return None
    return start, end


def _is_lower_case_postcode(candidate: str) -> bool:
    """A postcode in lower case ("cr0 2rf", as a chat gives it, among lines with capitals):
    its letters open a British postcode area, and its end is no ordinal ("grade b1 2nd")."""
    area = candidate[: 2 if candidate[1].isalpha() else 1].upper()
    return area in identifier_patterns.UK_POSTCODE_AREAS and _ORDINAL_END.search(candidate) is None


#: an ordinal after a space: "b1 2nd", "s2 1st"
_ORDINAL_END = re.compile(r"\s\d(?:st|nd|rd|th)$")


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

#: a latitude and a longitude in decimal degrees, four decimals or more (three are a
#: thousands' group: "12.500, 13.750" are sums)
_COORDINATES = anchored(
    r"[^\w.,\-]", r"-?\d", r"(?P<lat>-?\d{1,2}\.\d{4,8}),[ \u00a0]?(?P<lon>-?\d{1,3}\.\d{4,8})(?![\d.])"
)


def _coordinates(text: str, match: re.Match) -> Bounds:
    if abs(float(match.group("lat"))) > 90 or abs(float(match.group("lon"))) > 180:
        return None
    return body(match)


COORDINATES = PatternRecognizer(
    "coordinates",
    TermKind.LOCATION,
    _COORDINATES,
    _coordinates,
    summary="51.5074, -0.1278 (latitude and longitude)",
)
