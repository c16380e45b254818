"""What a Spanish text says of a person in ordinary words: their sex ("varón", "mujer",
"niña"), their relatives ("su madre", "dos hermanas", "tío materno") and their stage of life
("lactante", "adolescente").

IC from general frequencies calls these words common, and they are what, once the names are
gone, still tells who a record is about (MEDDOCAN's annotators mark them: the patient's sex,
family and age). They are kinds of their own (SEX, RELATION, AGE), so a policy decides them
apart from other noun phrases. Words from extraction/es/lexicon.py.
"""

from __future__ import annotations

import re

from ...extraction.es.lexicon import KIN_SIDES, LIFE_STAGES, NUMBER_WORDS, RELATIVES, SEX_WORDS
from ...terms import TermKind
from ..base import Bounds, PatternRecognizer, body
from ..pattern_tools import anchored

_SPANISH = frozenset({"es"})


def _words(words) -> str:
    """Alternatives of ``words`` (longest first, so that "hermanos" is not cut to "hermano"),
    each with its first letter in either case."""
    return "|".join(f"[{w[0].upper()}{w[0]}]{re.escape(w[1:])}" for w in sorted(words, key=len, reverse=True))


def _whole(text: str, match: re.Match) -> Bounds:
    return body(match, "word")


_SEX = anchored(r"[\W]", r"\w", rf"(?P<word>(?:{_words(SEX_WORDS)}))(?!\w)")
_RELATIVE = anchored(r"[\W]", r"\w", rf"(?P<word>(?:(?:{'|'.join(NUMBER_WORDS)})\s+)?(?:{_words(RELATIVES)})"
                                     rf"(?:\s+(?:{'|'.join(KIN_SIDES)}))?)(?!\w)")
_STAGE = anchored(r"[\W]", r"\w", rf"(?P<word>(?:{_words(LIFE_STAGES)}|[Rr]ecién\s+nacid[oa]s?))(?!\w)")

SEX = PatternRecognizer("es_sex", TermKind.SEX, _SEX, _whole, languages=_SPANISH,
                        summary="varón, mujer, niña, masculino: a person's sex in a word")
RELATIVE = PatternRecognizer("es_relative", TermKind.RELATION, _RELATIVE, _whole, languages=_SPANISH,
                             summary="madre, dos hermanas, tío materno: a relative of the person")
LIFE_STAGE = PatternRecognizer("es_life_stage", TermKind.AGE, _STAGE, _whole, languages=_SPANISH,
                               summary="lactante, recién nacida, adolescente: an age said in a word")
