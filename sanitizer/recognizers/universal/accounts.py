"""Bank accounts and payment cards, checked by ``stdnum`` (IBAN mod 97; Luhn and issuer
digit), and the last digits of a card or an account named before them."""

from __future__ import annotations

import re

from stdnum import iban, luhn

from ...lang.en.lexicon import PAYMENT_BRANDS
from ...terms import TermKind
from .. import identifier_patterns
from ..base import ENGLISH, Bounds, PatternRecognizer, body

#: a card or an account, whose last digits stand a few words after it or before it, in
#: its sentence: "my Visa ending 4417", "the last four digits are 7781 on my debit card"
_CARD = r"\b(?:cards?|accounts?|acct|debit|credit|" + "|".join(sorted(PAYMENT_BRANDS)) + r")\b"
_CARD_BEFORE = re.compile(_CARD + r"[^.\n]{0,24}$", re.IGNORECASE)
_CARD_AFTER = re.compile(r"[^.\n]{0,24}" + _CARD, re.IGNORECASE)


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


def _card_ending(text: str, match: re.Match) -> Bounds:
    """The last digits of a card or an account named a few words before or after them, in
    their sentence: a partial account number."""
    start, end = match.start(), match.end()
    named = _CARD_BEFORE.search(text, max(0, start - 40), start + 1) or _CARD_AFTER.match(text, end)
    return match.span("digits") if named else None


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
CARD_ENDING = PatternRecognizer(
    "card_ending",
    TermKind.ACCOUNT,
    identifier_patterns.CARD_ENDING,
    _card_ending,
    summary="my Visa ending 4417, card ending in 0042: a card's or an account's last digits",
    languages=ENGLISH,
)
