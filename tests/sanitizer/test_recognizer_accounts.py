"""Bank accounts and payment cards (recognizers/universal/accounts.py): IBANs and card
numbers with valid checksums are accounts, numbers that fail their checksum are not."""

from __future__ import annotations

import pytest

from ic_sanitizer.terms import TermKind
from tests.sanitizer.recognizer_cases import _found


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Paid to GB82 WEST 1234 5698 7654 32 on time.", "GB82 WEST 1234 5698 7654 32"),
        ("Paid to DE89370400440532013000.", "DE89370400440532013000"),
        ("Card 4111 1111 1111 1111 was used.", "4111 1111 1111 1111"),
        ("Card 5500-0000-0000-0004 was used.", "5500-0000-0000-0004"),
        ("Card 3782 822463 10005 was used.", "3782 822463 10005"),
    ],
    ids=["iban-grouped", "iban-compact", "visa", "mastercard-dashes", "amex"],
)
def test_ibans_and_card_numbers_with_valid_checksums_are_accounts(text, expected):
    assert _found(text) == [(expected, TermKind.ACCOUNT)]


@pytest.mark.parametrize(
    "text",
    [
        "Paid to GB82 WEST 1234 5698 7654 33 on time.",
        "Card 4111 1111 1111 1112 was used.",
        "Serial 1234 5678 9012 3456 was printed.",
    ],
    ids=["iban-bad-mod-97", "card-bad-luhn", "card-bad-issuer"],
)
def test_numbers_failing_their_checksum_are_not_accounts(text):
    assert TermKind.ACCOUNT not in {kind for _, kind in _found(text)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Please refund to my Visa ending 4417 or resend.", "4417"),
        ("My card ending in 0042 was declined.", "0042"),
        ("The last four digits are 7781 on my debit card.", "7781"),
    ],
)
def test_the_last_digits_of_a_card_named_beside_them_are_an_account(text, expected):
    assert (expected, TermKind.ACCOUNT) in _found(text)


@pytest.mark.parametrize("text", ["The lease ending 2024 was renewed.", "Page 12, ending 2019 season."])
def test_digits_after_ending_with_no_card_beside_them_are_no_account(text):
    assert TermKind.ACCOUNT not in {kind for _, kind in _found(text)}
