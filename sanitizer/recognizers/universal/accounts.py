"""Bank accounts and payment cards, checked by ``stdnum`` (IBAN mod 97; Luhn and issuer digit)."""

from __future__ import annotations

import re

from stdnum import iban, luhn

from ...terms import TermKind
from .. import identifier_patterns
from ..base import Bounds, PatternRecognizer, body


def _iban(text: str, match: re.Match) -> Bounds:
    start, end = body(match)
    for _ in range(2):
        if iban.is_valid(text[start:end]):
            return start, end
        end = text.rfind(" ", start, end)
        if end <= start:
            return None
    return None


def _card(text: str, match: re.Match) -> Bounds:
    start, end = body(match)
    digits = re.sub(r"\D", "", text[start:end])
    # Issuers' numbers begin with 2-6 (Mastercard, Amex/Diners/JCB, Visa, Mastercard, Discover/Maestro).
    if 13 <= len(digits) <= 19 and digits[0] in "23456" and luhn.is_valid(digits):
        return start, end
    return None


IBAN = PatternRecognizer(
    "iban",
    TermKind.ACCOUNT,
    identifier_patterns.IBAN,
    _iban,
    summary="GB82 WEST 1234 5698 7654 32: country format and mod 97",
)
CARD = PatternRecognizer(
    "payment_card",
    TermKind.ACCOUNT,
    identifier_patterns.CARD,
    _card,
    summary="4111 1111 1111 1111: Luhn and issuer digit",
)
