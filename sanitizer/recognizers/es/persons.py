"""What a Spanish text says of a person in ordinary words: their sex ("varón", "mujer",
"niña"), their relatives and marital status ("su madre", "dos hermanas", "tío materno",
"casada"), their origin ("de origen peruano", "de raza caucásica") and their stage of life
("lactante", "adolescente").

IC from general frequencies calls these words common, and they are what, once the names are
gone, still tells who a record is about (MEDDOCAN's annotators mark them: the patient's sex,
family, origin and age). They are kinds of their own (SEX, RELATION, DEMONYM, AGE), so a policy decides them
apart from other noun phrases. Words from extraction/es/lexicon.py.
"""

from __future__ import annotations

import re

from ...extraction.es.lexicon import KIN_SIDES, LIFE_STAGES, MARITAL_STATUS, NUMBER_WORDS, RELATIVES, SEX_WORDS
from ...terms import TermKind
from ..base import Bounds, PatternRecognizer, body
from ..pattern_tools import anchored

_SPANISH = frozenset({"es"})


def _words(words: frozenset[str]) -> str:
    """Alternatives of ``words`` (longest first, so that "hermanos" is not cut to "hermano"),
    each with its first letter in either case."""
    return "|".join(f"[{w[0].upper()}{w[0]}]{re.escape(w[1:])}" for w in sorted(words, key=len, reverse=True))


def _whole(text: str, match: re.Match) -> Bounds:
    return body(match, "word")


_SEX = anchored(r"[\W]", r"\w", rf"(?P<word>(?:{_words(SEX_WORDS)}))(?!\w)")
_RELATIVE = anchored(r"[\W]", r"\w", rf"(?P<word>(?:(?:{'|'.join(NUMBER_WORDS)})\s+)?(?:{_words(RELATIVES | MARITAL_STATUS)})"
                                     rf"(?:\s+(?:{'|'.join(KIN_SIDES)}))?)(?!\w)")
_STAGE = anchored(r"[\W]", r"\w", rf"(?P<word>(?:{_words(LIFE_STAGES)}|[Rr]ecién\s+nacid[oa]s?))(?!\w)")

#: the one or two words after "de raza", "de nacionalidad", "natural de" ...: "caucásica", "Santiago de Chile";
#: after "origen" only a place or a demonym's form, since the word also names a cause ("de origen enólico")
_DEMONYM_FORM = r"[^\W\d_]+(?:ano|ana|anos|anas|ino|ina|ense|eño|eña|í|ita|és|esa|ol|ola|aco|aca|ego|ega)\b"
_ORIGIN = anchored(r"[\W]", r"[a-zA-Z]",
                   rf"(?:raza|nacionalidad|ascendencia|etnia|natural\s+de)\s+(?!(?:del|los|las|una|uno|que|por|para|con"
                   rf"|sin|desconocid[oa])\b)(?P<word>[^\W\d_]{{3,}}(?:\s+(?:de\s+)?[A-ZÁÉÍÓÚ][^\W\d_]+)?)"
                   rf"|origen\s+(?P<origin>[A-ZÁÉÍÓÚ][^\W\d_]+(?:\s+(?:de\s+)?[A-ZÁÉÍÓÚ][^\W\d_]+)?|{_DEMONYM_FORM})")


def _origin(text: str, match: re.Match) -> Bounds:
    return body(match, "word" if match.group("word") else "origin")


SEX = PatternRecognizer("es_sex", TermKind.SEX, _SEX, _whole, languages=_SPANISH,
                        summary="varón, mujer, niña, masculino: a person's sex in a word")
RELATIVE = PatternRecognizer("es_relative", TermKind.RELATION, _RELATIVE, _whole, languages=_SPANISH,
                             summary="madre, dos hermanas, tío materno, casada: a relative, or the marital status")
ORIGIN = PatternRecognizer("es_origin", TermKind.DEMONYM, _ORIGIN, _origin, languages=_SPANISH,
                           summary="de origen peruano, de raza caucásica, natural de Lima: where the person comes from")
LIFE_STAGE = PatternRecognizer("es_life_stage", TermKind.AGE, _STAGE, _whole, languages=_SPANISH,
                               summary="lactante, recién nacida, adolescente: an age said in a word")
