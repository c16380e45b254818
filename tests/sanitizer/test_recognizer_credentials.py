"""Credentials and device identifiers (recognizers/universal/credentials.py): usernames,
handles, passwords, wallets, VINs, MAC addresses and British registration plates are
codes whole; the word after an account's label is its handle unless an ordinary word;
words with a number are no credentials."""

from __future__ import annotations

import pytest

from ic_sanitizer.recognizers import identifier_spans
from ic_sanitizer.terms import TermKind
from tests.sanitizer.recognizer_cases import _found


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Your login is rosalind.k_92 now.", "rosalind.k_92"),  # a username with the writer's name
        ("Follow @priya_r for news.", "@priya_r"),
        ("The temporary password is Xk9#mPz!2q.", "Xk9#mPz!2q"),
        ("Send it to 1BoatSLRHtKNngkdXEeobR76b53LETtpyT today.", "1BoatSLRHtKNngkdXEeobR76b53LETtpyT"),
        ("VIN 1HGCM82633A004352, registration pending.", "1HGCM82633A004352"),
        ("Seen from MAC 3C:52:82:1F:9A:0B last night.", "3C:52:82:1F:9A:0B"),
        ("Can you unlock my account dkowal_71?", "dkowal_71"),
    ],
    ids=["username", "handle", "password", "wallet", "vin", "mac", "username-before-a-question-mark"],
)
def test_credentials_and_device_identifiers_are_codes_whole(text, expected):
    assert _found(text) == [(expected, TermKind.CODE)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("My twitter is @jess_walker99 and my instagram is jess.walks now.", "jess.walks"),
        ("Username: jwalker, password reset pending.", "jwalker"),
        ("Find me on Skype: maria.lopez after work.", "maria.lopez"),
    ],
    ids=["instagram", "username", "skype"],
)
def test_the_word_after_an_account_s_label_is_its_handle(text, expected):
    assert (expected, TermKind.CODE) in _found(text)


@pytest.mark.parametrize(
    "text",
    ["my instagram is private now, sorry", "The login page failed twice.", "Twitter is a website."],
    ids=["an-ordinary-word", "no-value", "a-one-letter-word"],
)
def test_after_an_account_s_label_an_ordinary_word_is_no_handle(text):
    assert "account_handle" not in [span.source for span in identifier_spans(text)]


@pytest.mark.parametrize(
    "text",
    [
        "The COVID-19 ward reopened.",
        "She bought an iPhone14 and a Win64 licence in the 1990s.",
        "Mail ends at anne@example.com today.",
        "A well-known B2B firm sold 3x more in Q4 2025.",
    ],
    ids=["disease", "products-and-decade", "email", "short-mixes"],
)
def test_words_with_a_number_are_no_credentials(text):
    assert "credential" not in [span.source for span in identifier_spans(text)]


@pytest.mark.parametrize(
    "text, expected",
    [("a grey Skoda, reg SK21 LMV, parked", ["SK21 LMV"]), ("Plate KV19XPD was seen.", ["KV19XPD"]), ("SW1A 1AA", [])],
    ids=["with-its-space", "written-together", "a-postcode-is-none"],
)
def test_a_british_registration_plate_is_a_code(text, expected):
    assert [found for found, kind in _found(text) if kind is TermKind.CODE] == expected


@pytest.mark.parametrize(
    "text, secret",
    [
        ("my username is darkstar_88, password hunter2 thanks", "hunter2"),
        ("Password: sunshine (do not share)", "sunshine"),  # an ordinary word, after ":"
        ("my password is sunshine", "sunshine"),
        ("the wifi pwd = hunter22 for now", "hunter22"),
    ],
    ids=["after-the-label", "after-a-colon", "after-is", "after-an-equals-sign"],
)
def test_the_word_after_a_secret_s_label_is_the_secret(text, secret):
    assert (secret, TermKind.CODE) in _found(text)


@pytest.mark.parametrize("text", ["I need a password reset link.", "Password protected files were sent."])
def test_an_ordinary_word_right_after_a_secret_s_label_is_no_secret(text):
    assert _found(text) == []
