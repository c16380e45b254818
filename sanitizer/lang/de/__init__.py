"""German: tokens, sentences, universal tags (a perceptron trained on UD German GSD),
candidates and legal citations, and the recognizers of dates and addresses as German
writes them; the policy fitted on LER's training split."""

from __future__ import annotations

import functools
from typing import Any, Sequence

from .. import LanguagePack, perceptron_extractor


def _recognizers() -> Sequence[Any]:
    from . import addresses, dates

    return [dates.DATE, addresses.STREET, addresses.POSTCODE]


PACK = LanguagePack(
    code="de",
    name="German",
    faker_locale="de_DE",
    function_words=frozenset(
        "der die und in den von zu das mit sich des auf für ist im dem nicht ein eine als auch es "
        "an werden aus er hat dass sie nach ich mein meine du wir unser unsere mich".split()
    ),
    recognizers=_recognizers,
    extractor=functools.partial(perceptron_extractor, "de"),
)
