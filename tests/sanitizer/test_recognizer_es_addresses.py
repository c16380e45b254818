"""Streets and postcodes as Spanish writes them (lang/es/addresses.py)."""

from __future__ import annotations

import pytest

from ic_sanitizer.terms import TermKind

from .recognizer_cases import spans_in


@pytest.mark.parametrize(
    "address",
    ["Calle de los Almendros, 14, 3º B", "Avda. de la Constitución, s/n", "C/ Mayor 7", "Paseo del Prado, 20"],
)
def test_street_addresses(address):
    assert spans_in(f"Vive en {address}. Sin más.", "es").get(address) is TermKind.LOCATION


@pytest.mark.parametrize(
    "text, postcode",
    [("Domicilio en Teruel, CP: 44002.", "44002"), ("Remitir a 28018 Madrid en mano.", "28018")],
)
def test_a_postcode_after_its_label_or_before_its_town(text, postcode):
    assert spans_in(text, "es").get(postcode) is TermKind.LOCATION


def test_a_number_of_five_figures_alone_is_no_postcode():
    assert "28018" not in spans_in("Se contaron 28018 leucocitos.", "es")
