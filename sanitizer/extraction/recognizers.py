"""Identifier recognizers: spans found by their form, each with its kind.

``identifier_spans(text)`` runs every recognizer over the text, independently of any
tagger, so that a tagging error does not cost an identifier:

| kind | finds | checked by |
|---|---|---|
| EMAIL | john.brown@example.com | form |
| URL | https://..., www.example.org | form |
| PHONE | +44 20 7946 0958, 020 7946 0958, (212) 555-0123 | ``phonenumbers``: a valid number of its country |
| ACCOUNT | IBANs, payment-card numbers | ``stdnum``: IBAN country format and mod 97; Luhn and issuer digit for cards |
| CODE | 36244/06 (its "no." stays in clear), K-12/2001, IV Ka 123/99, II AKa 123/99, III. ÚS 123/05, 1 Ob 12/05k, Rev-123/05, Bfv.I.123/2005, 6B_123/2005, B 123-05, ECLI:NL:HR:2005:AB1234, [2008] EWHC 860 (QB), AB1234567 | four digits, or three after "no."; not a date, a report volume, a law's or EU legislation's number |
| DATE | 12 March 2005, 16 and 17 April 1997, between 1982 and 1984, in 2010, early October 1997, 10.00 a.m. | a bare year or month needs a word before it |
| AGE | 34 years old, aged 34, the age of 65, 9-year-old | form |
| AMOUNT | EUR 736,000, £5,000, 5,000 euros, 1.5 million dollars | form |
| QUANTITY | three years, twelve years and six months (of imprisonment), 219.41 sq. m | form |
| NUMBER | percentages: 40%, 35 per cent | form |
| LOCATION | 12 Baker Street, Flat 3, 14 High Road, SW1A 1AA, 75008 Paris | not after "Article", "section" ...; no year as house number |

Numbers may be written in words ("twenty-one years", "three hundred days", "forty per
cent"). Deliberately not recognized: a count of something that is not a unit ("1,000
pages", "three children": the tagger's noun phrases make those NUMBER candidates),
article references ("Article 6 § 1"), the numbers of laws and protocols ("Law no. 466",
"Protocol No. 11"), bare years without a word that makes them years ("the 1998 Act"),
and the word "imprisonment" after a sentence's duration (the experts leave it too).

Every span is trimmed by ``clean_span``; overlapping spans are merged, each with its
most specific kind (TermKind order), by the pipeline's own ``merge_overlapping``.
"""

from __future__ import annotations

import re
from typing import Callable, Iterator, Optional

import phonenumbers
from stdnum import iban, luhn

from ..terms import CandidateSpan, TermKind
from . import date_patterns, identifier_patterns, public_references, quantity_patterns
from .pattern_tools import PAD
from .span_cleaning import clean_span

__all__ = ["identifier_spans"]

# Countries tried for a national number (leading 0, no country code): those whose
# numbers are written with a trunk 0, European first as the texts are.
_NATIONAL_REGIONS = ("GB", "FR", "DE", "IT", "NL", "BE", "AT", "CH", "IE", "SE", "FI", "TR", "RO", "HR", "UA")
_NORTH_AMERICAN = re.compile(r"\(?\d{3}\)?[ \u00a0.\-]?\d{3}[.\-]\d{4}")
_NUMERIC_DATE = re.compile(r"\d{1,2}([./\-])\d{1,2}\1\d{2,4}")
_LAST_GROUP = re.compile(r"[ \u00a0./\-(]+[\d)]*$")
_HAS_CAPITAL = re.compile(f"[{identifier_patterns.CAPITAL}]")
_MONTHS = frozenset("january february march april may june july august september october november "
                    "december".split())

Bounds = Optional[tuple[int, int]]


def _is_valid_phone(candidate: str) -> bool:
    digits = sum(char.isdigit() for char in candidate)
    # A date or a social security number written like a phone number is not one.
    if not 7 <= digits <= 17 or _NUMERIC_DATE.fullmatch(candidate) or identifier_patterns.SSN.fullmatch(candidate):
        return False
    if candidate.startswith("+"):
        regions: tuple[Optional[str], ...] = (None,)
    elif candidate.lstrip("(").startswith("0"):
        regions = _NATIONAL_REGIONS
    elif _NORTH_AMERICAN.fullmatch(candidate):
        regions = ("US",)
    else:
        return False
    for region in regions:
        try:
            number = phonenumbers.parse(candidate, region)
        except phonenumbers.NumberParseException:
            continue
        if phonenumbers.is_valid_number(number):
            return True
    return False


def _body(match: re.Match, group: int | str = 0) -> tuple[int, int]:
    """A match's span without its lead (pattern_tools.anchored)."""
    start, end = match.span(group)
    return (start + 1, end) if group == 0 else (start, end)


def _phone(text: str, match: re.Match) -> Bounds:
    # A candidate may run into a number after it ("0958 1997"): try it without its last
    # groups too, longest first.
    start, end = _body(match)
    for _ in range(3):
        if _is_valid_phone(text[start:end]):
            return start, end
        shorter = _LAST_GROUP.search(text, start, end)
        if shorter is None or shorter.start() == start:
            return None
        end = shorter.start()
    return None


def _iban(text: str, match: re.Match) -> Bounds:
    start, end = _body(match)
    for _ in range(2):
        if iban.is_valid(text[start:end]):
            return start, end
        end = text.rfind(" ", start, end)
        if end <= start:
            return None
    return None


def _card(text: str, match: re.Match) -> Bounds:
    start, end = _body(match)
    digits = re.sub(r"\D", "", text[start:end])
    # Issuers' numbers begin with 2-6 (Mastercard, Amex/Diners/JCB, Visa, Mastercard, Discover/Maestro).
    if 13 <= len(digits) <= 19 and digits[0] in "23456" and luhn.is_valid(digits):
        return start, end
    return None


_REGISTER_AND_SLASH = re.compile(rf"[{identifier_patterns.CAPITAL}]{{1,4}}-\d+/\d+")


def _code(text: str, match: re.Match) -> Bounds:
    start, end = _body(match)
    code = text[start:end]
    digits = sum(char.isdigit() for char in code)
    has_number_word = identifier_patterns.NUMBER_WORD.match(code) is not None
    has_form = "/" in code or _HAS_CAPITAL.search(code) or identifier_patterns.SSN.fullmatch(code)
    # three digits are enough after a number word or with a register and a slash ("no. 165",
    # "IZ-77/1", a remand centre); four otherwise ("6/1" is a fraction, "F-16" a name)
    short_allowed = has_number_word or _REGISTER_AND_SLASH.fullmatch(code) is not None
    if digits < (3 if short_allowed else 4) or not (has_form or has_number_word):
        return None
    if public_references.is_citation(code) or _NUMERIC_DATE.fullmatch(code):
        return None
    if identifier_patterns.POSTCODE.match(text, start - 1):
        return None                       # "D-10115 Berlin" is a postcode and its town
    if public_references.is_cited_after(text, start):
        return None
    if has_number_word:
        # "application no. [CODE-1]": the number word introduces the code, it is not part
        # of it (as annotators mark it), and left in clear it keeps the sentence readable.
        number_word = identifier_patterns.NUMBER_WORD.match(code)
        assert number_word is not None
        start += number_word.end()
    elif "/" in code:
        start = _with_register(text, start)
    return start, end


def _with_register(text: str, start: int) -> int:
    """Where a case number begins once its court register's prefix is taken in."""
    register = identifier_patterns.CODE_REGISTER.search(text, max(0, start - 24), start)
    if register is None:
        return start
    begins = start
    # From the number leftwards, up to the first word that cannot be a register ("In").
    for token in reversed(list(re.finditer(r"\S+", text[register.start():start]))):
        if token.group().rstrip(".") in identifier_patterns.NOT_A_REGISTER:
            break
        begins = register.start() + token.start()
    return begins


def _date(text: str, match: re.Match) -> Bounds:
    group = match.lastgroup
    assert group is not None  # every alternative of the date pattern is a named group
    start, end = _body(match, group)
    modifier = date_patterns.MODIFIER_BEFORE.search(text, max(0, start - 25), start)
    if modifier is not None:
        start = modifier.start()          # "early October 1997", "the end of 1981"
    context = date_patterns.CONTEXT_BEFORE.search(text, max(0, start - 25), start)
    word = context.group("context").lower() if context else None
    if modifier is None and not _date_in_context(text[start:end], group, word, context):
        return None
    if context is not None and word in ("between", "from") and date_patterns.RANGE_CONNECTOR.search(text, start, end):
        start = context.start()           # "between 1982 and 1984" is one date
    return start, end


def _date_in_context(date: str, group: str, word: Optional[str], context: Optional[re.Match]) -> bool:
    """Whether a date without a word narrowing it down is one: a bare year needs a word
    before it ("in 2010", "the 1990s" but not "the 1998 Act"), and so does a month alone
    ("until February"; "May" is also a verb, "March" a noun)."""
    if group == "year_list":
        return context is not None and (context.group("article") is None or date.endswith("0s"))
    if not any(char.isdigit() for char in date):
        return word is not None and word not in ("of", "year", "years")
    return True


def _address(text: str, match: re.Match) -> Bounds:
    start, end = _body(match)
    if identifier_patterns.YEAR.match(text, start) or \
            identifier_patterns.NOT_A_HOUSE_NUMBER.search(text, max(0, start - 12), start):
        return None
    return start, end


def _postcode(text: str, match: re.Match) -> Bounds:
    start, end = _body(match)
    if text[start:end].split()[-1].lower() in _MONTHS:
        return None
    return start, end


def _as_is(text: str, match: re.Match) -> Bounds:
    return _body(match)


Accept = Callable[[str, re.Match], Bounds]
#: (pattern, kind, what decides whether a match is one and where it lies)
_RECOGNIZERS: tuple[tuple[re.Pattern, TermKind, Accept], ...] = (
    (identifier_patterns.EMAIL, TermKind.EMAIL, _as_is),
    (identifier_patterns.URL, TermKind.URL, _as_is),
    (identifier_patterns.PHONE, TermKind.PHONE, _phone),
    (identifier_patterns.IBAN, TermKind.ACCOUNT, _iban),
    (identifier_patterns.CARD, TermKind.ACCOUNT, _card),
    (identifier_patterns.CODE, TermKind.CODE, _code),
    (date_patterns.DATE, TermKind.DATE, _date),
    (quantity_patterns.AGE, TermKind.AGE, _as_is),
    (quantity_patterns.AMOUNT, TermKind.AMOUNT, _as_is),
    (quantity_patterns.DURATION, TermKind.QUANTITY, _as_is),
    (quantity_patterns.MEASURE, TermKind.QUANTITY, _as_is),
    (quantity_patterns.PERCENTAGE, TermKind.NUMBER, _as_is),
    (identifier_patterns.ADDRESS, TermKind.LOCATION, _address),
    (identifier_patterns.POSTCODE, TermKind.LOCATION, _postcode),
)


def _recognized(text: str) -> Iterator[CandidateSpan]:
    # Patterns and their checks read the padded text; offsets in it, less the pad, are
    # offsets in the text (pattern_tools).
    padded = PAD + text
    for pattern, kind, accept in _RECOGNIZERS:
        for match in pattern.finditer(padded):
            bounds = accept(padded, match)
            cleaned = clean_span(padded, *bounds) if bounds is not None else None
            if cleaned is not None:
                yield CandidateSpan(cleaned[0] - len(PAD), cleaned[1] - len(PAD), kind)


def identifier_spans(text: str) -> list[CandidateSpan]:
    """Every identifier of ``text`` found by its form, clean and merged, in text order."""
    # candidates.py imports this module to call identifier_spans: import its merging
    # helper when called, not when loaded.
    from .candidates import merge_overlapping

    return merge_overlapping(_recognized(text))
