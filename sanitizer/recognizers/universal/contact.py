"""E-mail addresses, URLs and phone numbers (a valid number of its country, by ``phonenumbers``,
or after "+" one of its country's length; a North American number by its form), and the
short numbers of a switchboard no country validates: a pager's, an extension's ("pager
34217", "x4-5521", "ext. 4521")."""

from __future__ import annotations

import re
from typing import Optional

from ...lang.en.lexicon import PHONE_WORDS
from ...terms import TermKind
from .. import identifier_patterns
from ..base import ENGLISH, Bounds, PatternRecognizer, body
from ..pattern_tools import anchored
from ..phone_numbers import is_phone_number

# Countries tried for a national number (leading 0, no country code): those whose
# numbers are written with a trunk 0, European first as the texts are.
_NATIONAL_REGIONS = ("GB", "FR", "DE", "IT", "NL", "BE", "AT", "CH", "IE", "SE", "FI", "TR", "RO", "HR", "UA")
#: a North American number in spaced groups ("508 555 0177") is one after a phone's word only:
#: a code's groups are written so too ("NHS number 943 476 5919")
_SPACED_GROUPS = re.compile(r"\d{3}[ \u00a0]\d{3}[ \u00a0]\d{4}")
_NORTH_AMERICAN = re.compile(rf"\(?\d{{3}}\)?[ \u00a0.\-]?\d{{3}}[.\-]\d{{4}}|{_SPACED_GROUPS.pattern}")
_PHONE_WORD = re.compile(rf"(?i:\b(?:{'|'.join(PHONE_WORDS)})\b)(?:\W+\w{{1,4}}){{0,2}}\W{{0,3}}$")
NUMERIC_DATE = re.compile(r"\d{1,2}([./\-])\d{1,2}\1\d{2,4}")
_LAST_GROUP = re.compile(r"[ \u00a0./\-(]+[\d)]*$")


def _is_valid_phone(candidate: str) -> bool:
    digits = sum(char.isdigit() for char in candidate)
    # A date or a social security number written like a phone number is not one.
    if not 7 <= digits <= 17 or NUMERIC_DATE.fullmatch(candidate) or identifier_patterns.SSN.fullmatch(candidate):
        return False
    if candidate.startswith("+"):
        regions: tuple[Optional[str], ...] = (None,)
    elif candidate.lstrip("(").startswith("0"):
        regions = _NATIONAL_REGIONS
    elif _NORTH_AMERICAN.fullmatch(candidate):
        # The form is the number's: no other figure is written (212) 555-0123. Fictional
        # and example numbers ("(555) 123-4567") no carrier holds stand for real ones,
        # and their local seven digits left in clear are the part that identifies.
        return True
    else:
        return False
    # After "+" and a country's code, a number of that country's length is one: the
    # ranges kept for fiction ("+44 7700 900456") stand for real numbers in examples.
    return any(is_phone_number(candidate, region, possible=region is None) for region in regions)


#: two times of a 24-hour clock joined by a dash: a shift or a range ("0700-1900"), no number
_CLOCK_RANGE = re.compile(r"(?:[01]\d|2[0-3])[0-5]\d\s?[-\u2013]\s?(?:[01]\d|2[0-3])[0-5]\d")


#: a group of figures and its separator right before a number: the number goes on leftwards
_GROUP_BEFORE = re.compile(r"\d[ \u00a0.\-]$")


def _phone(text: str, match: re.Match) -> Bounds:
    # A candidate may run into a number after it ("0958 1997"): try it without its last
    # groups too, longest first. One that a group of figures opens is the tail of a longer
    # number, a card's ("4539 1488 0343 6467" holds "0343 6467"), no phone.
    start, end = body(match)
    if _CLOCK_RANGE.fullmatch(text, start, end) or _GROUP_BEFORE.search(text, max(0, start - 2), start):
        return None
    if _SPACED_GROUPS.fullmatch(text, start, end) and not _PHONE_WORD.search(text, max(0, start - 25), start):
        return None
    for _ in range(3):
        if _is_valid_phone(text[start:end]):
            return start, end
        shorter = _LAST_GROUP.search(text, start, end)
        if shorter is None or shorter.start() == start:
            return None
        end = shorter.start()
    return None


EMAIL = PatternRecognizer("email", TermKind.EMAIL, identifier_patterns.EMAIL, summary="john.brown@example.com")
URL = PatternRecognizer(
    "url", TermKind.URL, identifier_patterns.URL, summary="https://..., www.example.org, linkedin.com/in/..."
)
PHONE = PatternRecognizer(
    "phone",
    TermKind.PHONE,
    identifier_patterns.PHONE,
    _phone,
    summary="+44 20 7946 0958, 020 7946 0958, (212) 555-0123: a valid number of its country",
)


# A pager's or an extension's number: after its word ("pager 34217", "beeper #4471", "ext. 4521",
# "extension 221"; three digits or more), or an "x" glued to four digits or more ("x4-5521", "x45521"; "x3" is a count).
_SWITCHBOARD = anchored(
    r"\W",
    r"[PpBbEeXx]",
    r"(?:(?:[Pp]ager|[Bb]eeper|[Bb]leep|[Ee]xt\.?|[Ee]xtension)(?:[ \u00a0]*(?:#|no\.?|number))?[ \u00a0]*:?[ \u00a0]*"
    r"(?P<number>\d[\d\-]{1,7}\d)"
    r"|[Xx](?P<glued>\d-?\d{3,6}))(?![\w\-/]|[.,]\d)",
)


def _switchboard(text: str, match: re.Match) -> Bounds:
    group = "number" if match.group("number") else "glued"
    start, end = match.span(group)
    return (start - 1, end) if group == "glued" else (start, end)  # "x4-5521" whole


PHONE_EXTENSION = PatternRecognizer(
    "phone_extension",
    TermKind.PHONE,
    _SWITCHBOARD,
    _switchboard,
    summary="pager 34217, x4-5521, ext. 4521: a pager's or an extension's number",
    languages=ENGLISH,
)
