"""Case and file numbers: "36244/06" (its "no." stays in clear), "6B_123/2005", "AB1234567",
"MRN 4482913"; four digits, or three after "no."; not a date, a law's or EU legislation's
number. How courts number their cases ("IV Ka 123/99", "ECLI:...") is the judgments pack's
(packs/judgments/case_numbers.py), which checks its codes with the same check and its own forms."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Optional

from ...terms import TermKind
from .. import identifier_patterns, public_references
from ..base import Accept, Bounds, PatternRecognizer, body
from .contact import NUMERIC_DATE
from .dates import is_day_and_month

_HAS_CAPITAL = re.compile(f"[{identifier_patterns.CAPITAL}]")


def _no_register(text: str, start: int) -> int:
    return start


def _no_citation(code: str) -> bool:
    return False


@dataclass(frozen=True)
class CodeForms:
    """What a genre's pack adds to the check of a code: a form that lets three digits
    count (``short``), where a number begins once what names its court is taken in
    (``register``), and the citations of its genre that take a code's form (``citation``)."""

    short: Optional[re.Pattern] = None
    register: Callable[[str, int], int] = _no_register
    citation: Callable[[str], bool] = _no_citation


def code_check(forms: CodeForms = CodeForms()) -> Accept:
    """The check of a code's match, with a pack's ``forms``."""

    def check(text: str, match: re.Match) -> Bounds:
        start, end = body(match)
        code = text[start:end]
        digits = sum(char.isdigit() for char in code)
        has_number_word = identifier_patterns.NUMBER_WORD.match(code) is not None
        has_form = "/" in code or _HAS_CAPITAL.search(code) or identifier_patterns.SSN.fullmatch(code)
        # three digits are enough after a number word or in a pack's short form ("no. 165",
        # a court's "IZ-77/1"); four otherwise ("6/1" is a fraction, "F-16" a name)
        short_allowed = has_number_word or (forms.short is not None and forms.short.fullmatch(code) is not None)
        if digits < (3 if short_allowed else 4) or not (has_form or has_number_word):
            return None
        if public_references.is_citation(code) or forms.citation(code):
            return None
        if NUMERIC_DATE.fullmatch(code) or is_day_and_month(text, start, end):
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
            start = forms.register(text, start)
        return start, end

    return check


CODE = PatternRecognizer(
    "case_number",
    TermKind.CODE,
    identifier_patterns.CODE,
    code_check(),
    summary="36244/06, K-12/2001, 6B_123/2005, AB1234567, MRN 4482913",
    # not Spanish: clinical measures take its form ("TA 120/80", "ANA 1/160")
    languages=frozenset({"en", "de"}),
)
