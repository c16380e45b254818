"""Spanish: tokens, sentences, universal tags (a perceptron trained on UD Spanish GSD),
candidates, and the recognizers of dates, ages, addresses, identifiers and persons as
Spanish writes them; the policy fitted on MEDDOCAN's training set."""

from __future__ import annotations

import functools
from typing import Any, Sequence

from .. import LanguagePack, perceptron_extractor


def _recognizers() -> Sequence[Any]:
    from . import addresses, dates, form_fields, identifiers, persons

    return [
        *form_fields.FIELDS,
        identifiers.DOCUMENT,
        identifiers.PHONE,
        identifiers.LABELLED_CODE,
        dates.DATE,
        dates.AGE,
        addresses.STREET,
        addresses.POSTCODE,
        persons.SEX,
        persons.RELATIVE,
        persons.ORIGIN,
        persons.NATIONALITY,
        persons.LIFE_STAGE,
        persons.PROFESSION,
    ]


PACK = LanguagePack(
    code="es",
    name="Spanish",
    faker_locale="es_ES",
    function_words=frozenset(
        "de la que el en y los del se las por un para con una su al lo como más pero sus le ya "
        "fue este ha porque esta entre yo mis usted nosotros nuestro nuestra".split()
    ),
    recognizers=_recognizers,
    extractor=functools.partial(perceptron_extractor, "es"),
)
