"""Dates and ages as Spanish writes them (lang/es/dates.py)."""

from __future__ import annotations

import pytest

from ic_sanitizer.terms import TermKind

from .recognizer_cases import spans_in


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Ingresó el 7 de enero de 2011.", "7 de enero de 2011"),
        ("Operado en febrero de 1999 sin secuelas.", "febrero de 1999"),
        ("Vive en la ciudad desde 2003.", "2003"),
        ("Fue en el año 1987.", "el año 1987"),
    ],
)
def test_dates_written_in_spanish(text, expected):
    assert spans_in(text, "es").get(expected) is TermKind.DATE


def test_a_bare_year_needs_a_word_that_makes_it_a_date():
    assert "1500" not in spans_in("Se contaron 1500 células por campo.", "es")


@pytest.mark.parametrize(
    "text, age",
    [
        ("Niña de cuatro años con fiebre.", "cuatro años"),
        ("A los 12 años sufrió una fractura.", "12 años"),
        ("Lactante de 9 meses.", "9 meses"),
    ],
)
def test_ages(text, age):
    assert spans_in(text, "es").get(age) is TermKind.AGE


@pytest.mark.parametrize(
    "text", ["Tos desde hace 3 años.", "Cuadro de 2 meses de evolución.", "Tratado durante 6 meses con hierro."]
)
def test_a_duration_is_no_age(text):
    assert TermKind.AGE not in spans_in(text, "es").values()
