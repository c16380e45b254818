"""DNI and NIE, phones and labelled numbers of Spain (lang/es/identifiers.py)."""

from __future__ import annotations

from ic_sanitizer.terms import TermKind

from .recognizer_cases import spans_in


def test_dni_and_nie_need_their_check_letter():
    found = spans_in("DNI 12345678Z y NIE X1234567L; no 12345678A.", "es")
    assert found.get("12345678Z") is TermKind.CODE and found.get("X1234567L") is TermKind.CODE
    assert "12345678A" not in found


def test_spanish_phone_numbers_are_valid_ones():
    found = spans_in("Llamar al 978 654 321 o al 612345678; el lote 123 456 789 no.", "es")
    assert found.get("978 654 321") is TermKind.PHONE and found.get("612345678") is TermKind.PHONE
    assert "123 456 789" not in found


def test_a_spanish_phone_number_with_the_country_code():
    found = spans_in("Tfno.+34612345678 o Tel: 0034 91 123 45 67.", "es")
    assert found.get("+34612345678") is TermKind.PHONE and found.get("0034 91 123 45 67") is TermKind.PHONE
