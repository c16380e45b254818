"""Case and file numbers: "36244/06" (its "no." stays in clear), "IV Ka 123/99", "6B_123/2005",
"ECLI:NL:HR:2005:AB1234", "[2008] EWHC 860 (QB)" ...; four digits, or three after "no." or with a
register and a slash; not a date, a report volume, a law's or EU legislation's number."""

from __future__ import annotations

import re

from ...terms import TermKind
from .. import identifier_patterns, public_references
from ..base import Bounds, PatternRecognizer, body
from .contact import NUMERIC_DATE
from .dates import is_day_and_month

_HAS_CAPITAL = re.compile(f"[{identifier_patterns.CAPITAL}]")
_REGISTER_AND_SLASH = re.compile(rf"[{identifier_patterns.CAPITAL}]{{1,4}}-\d+/\d+")


def _code(text: str, match: re.Match) -> Bounds:
    start, end = body(match)
    code = text[start:end]
    digits = sum(char.isdigit() for char in code)
    has_number_word = identifier_patterns.NUMBER_WORD.match(code) is not None
    has_form = "/" in code or _HAS_CAPITAL.search(code) or identifier_patterns.SSN.fullmatch(code)
    # three digits are enough after a number word or with a register and a slash ("no. 165",
    # "IZ-77/1", a remand centre); four otherwise ("6/1" is a fraction, "F-16" a name)
    short_allowed = has_number_word or _REGISTER_AND_SLASH.fullmatch(code) is not None
    if digits < (3 if short_allowed else 4) or not (has_form or has_number_word):
        return None
    if public_references.is_citation(code) or NUMERIC_DATE.fullmatch(code) or is_day_and_month(text, start, end):
        return None
    if identifier_patterns.POSTCODE.match(text, start - 1):
        return None  # "D-10115 Berlin" is a postcode and its town
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
    for token in reversed(list(re.finditer(r"\S+", text[register.start() : start]))):
        if token.group().rstrip(".") in identifier_patterns.NOT_A_REGISTER:
            break
        begins = register.start() + token.start()
    return begins


CODE = PatternRecognizer(
    "case_number",
    TermKind.CODE,
    identifier_patterns.CODE,
    _code,
    summary="36244/06, K-12/2001, IV Ka 123/99, 6B_123/2005, ECLI:..., AB1234567",
    # not Spanish: clinical measures take its form ("TA 120/80", "ANA 1/160")
    languages=frozenset({"en", "de"}),
)
