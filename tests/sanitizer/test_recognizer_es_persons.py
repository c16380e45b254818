"""A person's sex, kin, origin and trade in ordinary Spanish words (lang/es/persons.py)."""

from __future__ import annotations

import pytest

from ic_sanitizer.terms import TermKind

from .recognizer_cases import spans_in


def test_sex_kin_marital_status_and_origin_are_kinds_of_their_own():
    found = spans_in("Varón de raza gitana, casado, que vive con dos hermanas y su tío materno.", "es")
    assert found["Varón"] is TermKind.SEX and found["casado"] is TermKind.RELATION
    assert found["dos hermanas"] is TermKind.RELATION and found["tío materno"] is TermKind.RELATION
    assert found["raza gitana"] is TermKind.DEMONYM
    assert TermKind.DEMONYM not in spans_in("Cirrosis de origen enólico.", "es").values()


@pytest.mark.parametrize(
    "text, phrase",
    [
        ("Es la segunda de cinco hermanas y vive sola.", "la segunda de cinco hermanas"),
        ("Se trata del menor de 3 hermanos.", "menor de 3 hermanos"),
        ("Hija única de padres separados.", "Hija única"),
        ("Es el primer hijo de la pareja.", "primer hijo"),
        ("Soltera y sin hijos, vive en una residencia.", "sin hijos"),
        ("Varón adoptado a los tres años.", "adoptado"),
    ],
)
def test_a_place_among_siblings_children_and_adoption_are_relations(text, phrase):
    assert spans_in(text, "es").get(phrase) is TermKind.RELATION


def test_nationality_skin_colour_and_orientation_are_said_of_a_person():
    found = spans_in(
        "Mujer ecuatoriana de 30 años. Varón negro, bisexual, con una lesión en la sustancia blanca.", "es"
    )
    assert found["ecuatoriana"] is TermKind.DEMONYM and found["negro"] is TermKind.DEMONYM
    assert found["bisexual"] is TermKind.SEX
    assert "blanca" not in found


@pytest.mark.parametrize(
    "text, phrase",
    [
        ("Varón de 41 años, camionero de profesión.", "camionero"),
        ("Trabajó como profesora de matemáticas hasta 2010.", "profesora de matemáticas"),
        ("Es ex futbolista y entrenador.", "ex futbolista"),
        ("Empleada en limpieza industrial desde hace años.", "Empleada en limpieza industrial"),
        ("Firma el informe la médica residente de 3º año.", "médica residente de 3º año"),
    ],
)
def test_trades_are_professions_with_what_they_are_of(text, phrase):
    assert spans_in(text, "es").get(phrase) is TermKind.PROFESSION


def test_a_trade_s_complement_stops_at_a_determiner_and_the_clinical_staff_is_no_trade():
    found = spans_in("Pintor en su casa. El médico y la enfermera de guardia.", "es")
    assert found.get("Pintor") is TermKind.PROFESSION
    assert TermKind.PROFESSION not in {kind for phrase, kind in found.items() if phrase != "Pintor"}
