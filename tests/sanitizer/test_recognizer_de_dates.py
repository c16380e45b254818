"""Dates as German writes them (lang/de/dates.py)."""

from __future__ import annotations

import pytest

from ic_sanitizer.terms import TermKind

from .recognizer_cases import spans_in


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Er kam am 30. Juli 2010 an.", "30. Juli 2010"),
        ("Er kam am 21.10.2009 an.", "21.10.2009"),
        ("Das war im Jahr 2015 so.", "2015"),
    ],
)
def test_german_dates(text, expected):
    assert spans_in(text, "de").get(expected) is TermKind.DATE


def test_a_number_with_no_word_of_time_is_no_date():
    assert TermKind.DATE not in spans_in("Es wurden 2015 Proben gezählt.", "de").values()
