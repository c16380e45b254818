"""E-mail addresses, URLs and phone numbers (recognizers/universal/contact.py): whole,
without the sentence's punctuation; a word joined to another by a full stop is no web
address, and digit groups that are no valid number of a country, or a shift's two clock
times, are no phone number."""

from __future__ import annotations

import pytest

from ic_sanitizer.terms import TermKind
from tests.sanitizer.recognizer_cases import _found


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Write to john.brown@example.com.", "john.brown@example.com"),
        ("(a.b-c+tag@mail.example.co.uk)", "a.b-c+tag@mail.example.co.uk"),
    ],
    ids=["issue-example", "subdomains-in-brackets"],
)
def test_email_addresses_are_emails(text, expected):
    assert _found(text) == [(expected, TermKind.EMAIL)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("See https://example.org/judgments?id=12 (online).", "https://example.org/judgments?id=12"),
        ("Published at www.example.org.", "www.example.org"),
        ("(see http://en.wikipedia.org/wiki/Court_(law))", "http://en.wikipedia.org/wiki/Court_(law)"),
        ("LinkedIn: linkedin.com/in/priya-r-84b2", "linkedin.com/in/priya-r-84b2"),
        ("My blog is at priya-cooks.co.uk.", "priya-cooks.co.uk"),
    ],
    ids=[
        "query-then-bracket",
        "www-then-full-stop",
        "balanced-brackets-inside",
        "bare-host-and-path",
        "bare-host-then-full-stop",
    ],
)
def test_urls_are_urls_without_trailing_punctuation(text, expected):
    assert _found(text) == [(expected, TermKind.URL)]


def test_a_word_joined_to_another_by_a_full_stop_is_no_web_address():
    text = "See Fig.2, file.txt and Node.js; she wrote to priya@example.com, e.g. Mr.Smith."
    assert not [kind for _, kind in _found(text) if kind is TermKind.URL]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Call +44 20 7946 0958 today.", "+44 20 7946 0958"),
        ("Call 020 7946 0958 today.", "020 7946 0958"),
        ("Tel. 0044 20 7946 0958.", "0044 20 7946 0958"),
        ("His number was +33 1 42 68 53 00.", "+33 1 42 68 53 00"),
        ("Her mobile: 06 12 34 56 78.", "06 12 34 56 78"),
        ("Ring 01.42.68.53.00 now.", "01.42.68.53.00"),
        ("Call (212) 555-0123 now.", "(212) 555-0123"),
        ("Call 212-555-0123 now.", "212-555-0123"),
        ("Ring +44 (0)20 7946 0958.", "+44 (0)20 7946 0958"),
        ("Call me at (555) 123-4567 after six.", "(555) 123-4567"),
        ("Or text 555-123-4567 instead.", "555-123-4567"),
        ("Contact: +44 7700 900456, any time.", "+44 7700 900456"),
    ],
    ids=[
        "issue-example",
        "uk-national",
        "uk-with-00",
        "france-international",
        "france-mobile",
        "france-dotted",
        "us-brackets",
        "us-dashes",
        "uk-trunk-in-brackets",
        "us-fictional-brackets",
        "us-fictional-dashes",
        "uk-fictional-international",
    ],
)
def test_phone_numbers_are_phones_and_never_dates(text, expected):
    assert _found(text) == [(expected, TermKind.PHONE)]


@pytest.mark.parametrize(
    "text",
    [
        "Call +999 12 3456 7890 today.",  # no country has the code
        "The score went +44 7700 in a year.",  # too short for the UK's plan
        "The ratio was 0 12 34.",  # too short
        "In 1997 1998 1999 2000 nothing.",  # years, no leading 0 or +
    ],
    ids=["no-such-country", "too-short-for-its-plan", "too-short", "years-in-a-row"],
)
def test_digit_groups_that_are_not_valid_numbers_are_not_phones(text):
    assert TermKind.PHONE not in {kind for _, kind in _found(text)}


def test_a_card_number_whose_last_groups_read_as_a_phone_is_a_card():
    text = "My card number is 4539 1488 0343 6467, expiring soon."
    assert _found(text) == [("4539 1488 0343 6467", TermKind.ACCOUNT)]
    assert _found("Call 0161 496 0000 today.") == [("0161 496 0000", TermKind.PHONE)]


def test_a_shift_written_as_two_clock_times_is_no_phone_number():
    assert all(kind is not TermKind.PHONE for _, kind in _found("Night shift 1900-0700, day shift 0700-1900."))


@pytest.mark.parametrize(
    "text, number",
    [
        ("Seen by neurology (Dr. Farouk Haddad, pager 34217) this am.", "34217"),
        ("Call the office at x4-5521 with questions.", "x4-5521"),
        ("Reach me on ext. 4521 or beeper #4471.", "4521"),
    ],
)
def test_a_pagers_or_an_extensions_number_is_a_phone(text, number):
    assert (number, TermKind.PHONE) in _found(text)


@pytest.mark.parametrize("text", ["NPC x2, suctioned x3 for thick secretions.", "The pager was found.", "Extension 22"])
def test_a_count_or_a_word_alone_is_no_extension(text):
    assert not [found for found in _found(text) if found[1] is TermKind.PHONE]


@pytest.mark.parametrize("text", ["Discussed with son Aaron (cell 508 555 0177).", "Call me on 617 555 0143 please."])
def test_a_north_american_number_in_spaced_groups_after_a_phones_word_is_a_phone(text):
    assert [kind for _, kind in _found(text)] == [TermKind.PHONE]


def test_spaced_groups_without_a_phones_word_are_no_phone():
    assert not [
        found for found in _found("NHS number 943 476 5919; the total was 123 456 7890.") if found[1] is TermKind.PHONE
    ]
