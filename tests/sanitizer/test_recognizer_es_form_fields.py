"""A form's fields by their labels (lang/es/form_fields.py)."""

from __future__ import annotations

from ic_sanitizer.terms import TermKind

from .recognizer_cases import spans_in
from .spanish_record import RECORD


def test_a_record_s_fields_are_found_by_their_labels_and_the_labels_stay():
    found = spans_in(RECORD, "es")
    for value, kind in [
        ("Lucía", TermKind.PERSON),
        ("Ferrándiz Olmo", TermKind.PERSON),
        ("Teruel", TermKind.LOCATION),
        ("02/11/1958", TermKind.DATE),
        ("66 años", TermKind.AGE),
        ("M", TermKind.SEX),
        ("Andrés Quiroga Peña", TermKind.PERSON),
        ("44 12 34567", TermKind.CODE),
        ("5521907", TermKind.CODE),
        ("44002", TermKind.LOCATION),
    ]:
        assert found.get(value) is kind, value
    assert not any(label in found for label in ("Nombre", "Edad", "Sexo", "NHC"))
