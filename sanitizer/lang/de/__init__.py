"""German: tokens, sentences, universal tags (a perceptron trained on UD German GSD),
candidates and legal citations, and the recognizers of dates and addresses as German
writes them; the policy fitted on LER's training split."""

from __future__ import annotations

from typing import Any, Sequence

from .. import LanguagePack


def _recognizers() -> Sequence[Any]:
    from . import addresses, dates

    return [dates.DATE, addresses.STREET, addresses.POSTCODE]


def _extractor() -> Any:
    from ...extraction.perceptron_extractor import PerceptronExtractor
    from . import candidates, tokenizer

    return PerceptronExtractor(
        "de", tokenizer.tokenize, tokenizer.ENDS_WITH_ABBREVIATION, candidates.find_candidate_spans
    )


PACK = LanguagePack(
    code="de",
    name="German",
    faker_locale="de_DE",
    function_words=frozenset(
        "der die und in den von zu das mit sich des auf für ist im dem nicht ein eine als auch es "
        "an werden aus er hat dass sie nach ich mein meine du wir unser unsere mich".split()
    ),
    recognizers=_recognizers,
    extractor=_extractor,
)
