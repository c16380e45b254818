"""Streets and postcodes as German writes them (lang/de/addresses.py)."""

from __future__ import annotations

import pytest

from ic_sanitizer.terms import TermKind

from .recognizer_cases import spans_in


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Er wohnt in der Hauptstraße 5 zur Miete.", "Hauptstraße 5"),
        ("Die Anschrift lautet 80331 München.", "80331 München"),
    ],
)
def test_german_streets_and_postcodes(text, expected):
    assert spans_in(text, "de").get(expected) is TermKind.LOCATION
