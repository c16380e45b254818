"""Dates, postcodes, phones, addresses and the Individual Number as Japanese writes them (lang/ja/identifiers.py)."""

from __future__ import annotations

import pytest

from ic_sanitizer.terms import TermKind

from .recognizer_cases import spans_in


@pytest.mark.parametrize(
    "text, expected, kind",
    [
        ("令和6年5月に転居した。", "令和6年5月", TermKind.DATE),
        ("二〇二四年三月一日に届いた。", "二〇二四年三月一日", TermKind.DATE),
        ("住所は〒100-0001です。", "〒100-0001", TermKind.LOCATION),
        ("携帯は090-1234-5678です。", "090-1234-5678", TermKind.PHONE),
    ],
)
def test_japanese_dates_postcodes_and_phones(text, expected, kind):
    assert spans_in(text, "ja").get(expected) is kind


def test_the_individual_number_needs_its_label_and_its_check_digit():
    assert "6214 9832 0257" in spans_in("個人番号：6214 9832 0257", "ja")
    assert "6214 9832 0258" not in spans_in("個人番号：6214 9832 0258", "ja")
