"""Spanish identifiers: DNI and NIE (their check letter by python-stdnum), phone numbers
written without a country code ("967 597 100", "91 123 45 67": valid Spanish numbers by
phonenumbers), and numbers after their labels ("NHC: 4763954", "NASS: 47 37584930 84",
"NºCol: 28 28 70973", "nº de historia 123456").

A bare number is not an identifier: one after a label is (the label stays in clear, as
"no." does before an English case number).
"""

from __future__ import annotations

import re

from stdnum.es import dni, nie

from ...recognizers.base import Bounds, PatternRecognizer, body, first_group
from ...recognizers.pattern_tools import anchored
from ...recognizers.phone_numbers import is_phone_number
from ...terms import TermKind

_SPANISH = frozenset({"es"})
_DOCUMENT = anchored(r"\W", r"[\dXYZxyz]", r"(?P<number>[XYZxyz]?[- ]?\d{7,8}[- ]?[A-Za-z])(?!\w)")


def _document(text: str, match: re.Match) -> Bounds:
    start, end = body(match, "number")
    number = text[start:end]
    return (start, end) if dni.is_valid(number) or nie.is_valid(number) else None


# with Spain's country code or without: "+34 679 802 102", "0034 91 123 45 67", "Tfno.+34679802102"
_PHONE = anchored(r"[\s(:,;.]", r"[6789+0]", r"(?P<number>(?:(?:\+|00)34[ .-]?)?[6789]\d(?:[ .]?\d){7})(?![\d/])")


def _phone(text: str, match: re.Match) -> Bounds:
    start, end = body(match, "number")
    return (start, end) if is_phone_number(text[start:end], "ES") else None


#: labels of a person's numbers in Spanish records (health, insurance, professional registration)
_CODE_LABELS = (
    r"NHC|nhc|NASS|[Ee]pisodio|NUSS|CIPA|CIP|SIP|TIS|NUHSA|NIF|DNI|NIE|N[º°o]\s*\.?\s*[Cc]ol(?:egiado)?\.?"
    r"|[Nn][º°o]\s*\.?\s*(?:de\s+)?(?:historia(?:\s+clínica)?|colegiado|afiliación|SS|episodio)"
    r"|[Hh]istoria\s+[Cc]línica|[Cc]olegiado|[Nn]úmero\s+de\s+(?:historia|colegiado|afiliación|episodio)"
)
_LABELLED = anchored(
    r"[\W]",
    r"[A-ZNnHhCc]",
    rf"(?:{_CODE_LABELS})\s*[:.-]?\s*(?:n[º°]\s*)?"
    r"(?P<code>[A-Z]{0,3}[ -]?\d[\d /-]{2,}\d[A-Z]?|\d{3,}[A-Z]?)(?![\w/])",
)


DOCUMENT = PatternRecognizer(
    "es_document",
    TermKind.CODE,
    _DOCUMENT,
    _document,
    languages=_SPANISH,
    country="ES",
    summary="DNI 12345678Z, NIE X1234567L (check letter by python-stdnum)",
)
PHONE = PatternRecognizer(
    "es_phone",
    TermKind.PHONE,
    _PHONE,
    _phone,
    languages=_SPANISH,
    country="ES",
    summary="967 597 100, 91 123 45 67, 618981345: a valid Spanish number",
)
LABELLED_CODE = PatternRecognizer(
    "es_labelled_code",
    TermKind.CODE,
    _LABELLED,
    first_group("code"),
    languages=_SPANISH,
    country="ES",
    summary="NHC: 4763954, NASS: 47 37584930 84, NºCol: 28 28 70973",
)
