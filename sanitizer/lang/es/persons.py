"""What a Spanish text says of a person in ordinary words: their sex and orientation ("varón",
"mujer", "homosexual"), their relatives, place among siblings and marital status ("su madre",
"la menor de cuatro hermanos", "hijo único", "casada", "sin hijos"), their origin ("de raza
caucásica", "peruano"), their stage of life ("lactante", "joven") and their trade ("militar",
"jugador de fútbol", "residente de 5° año").

IC from general frequencies calls these words common, and they are what, once the names are
gone, still tells who a record is about (MEDDOCAN's annotators mark them: the patient's sex,
family, origin, age and profession). They are kinds of their own (SEX, RELATION, DEMONYM, AGE,
PROFESSION), so a policy decides them apart from other noun phrases. Words from
lexicon.py.
"""

from __future__ import annotations

import re

from ...recognizers.base import PatternRecognizer, first_group
from ...recognizers.pattern_tools import anchored
from ...terms import TermKind
from .lexicon import (
    ADOPTION_WORDS,
    KIN_SIDES,
    LIFE_STAGES,
    MARITAL_STATUS,
    NATIONALITIES,
    NUMBER_WORDS,
    ORDINALS,
    ORIENTATIONS,
    PROFESSIONS,
    RELATIVES,
    SEX_WORDS,
    SIBLING_RANKS,
    SKIN_COLOURS,
    inflect,
)

_SPANISH = frozenset({"es"})


def _words(words: frozenset[str]) -> str:
    """Alternatives of ``words`` (longest first, so that "hermanos" is not cut to "hermano"),
    each with its first letter in either case."""
    return "|".join(f"[{w[0].upper()}{w[0]}]{re.escape(w[1:])}" for w in sorted(words, key=len, reverse=True))


#: words that start no complement of a trade: "trabajador en su casa", "camionero de profesión"
_NOT_A_COMPLEMENT = (
    r"(?:el|la|los|las|lo|un|una|unos|unas|su|sus|mi|mis|este|esta|estos|estas|ese|esa|que"
    r"|profesión|oficio)\b"
)
_WORD = r"[^\W\d_]{3,}"

_SEX = anchored(r"[\W]", r"\w", rf"(?P<word>(?:{_words(SEX_WORDS | ORIENTATIONS)}))(?!\w)")
#: "la sexta de nueve hermanos", "sin hijos", "primera hija", "dos hermanas", "tío materno", "hijo único"
_RELATIVE = anchored(
    r"[\W]",
    r"\w",
    rf"(?P<word>(?:[Ss]in\s+)?"
    rf"(?:(?:(?:[Ee]l|[Ll]a|[Ll]os|[Ll]as)\s+)?(?:{_words(SIBLING_RANKS | ORDINALS)})\s+de\s+)?"
    rf"(?:(?:{'|'.join(NUMBER_WORDS)}|\d+)\s+)?(?:(?:{_words(ORDINALS)})\s+)?"
    rf"(?:{_words(RELATIVES | MARITAL_STATUS | ADOPTION_WORDS)})"
    rf"(?:\s+(?:{'|'.join(KIN_SIDES)}))?"
    rf"(?:\s+(?:{'|'.join(SIBLING_RANKS | ADOPTION_WORDS)}))?)(?!\w)",
)
_STAGE = anchored(r"[\W]", r"\w", rf"(?P<word>(?:{_words(LIFE_STAGES)}|[Rr]ecién\s+nacid[oa]s?))(?!\w)")
_NATIONALITY = anchored(
    r"[\W]", r"\w", rf"(?P<word>{_words(frozenset(form for word in NATIONALITIES for form in inflect(word)))})(?!\w)"
)
#: a trade, its plural, and what it is of or in: "jugador de baloncesto de competición", "empleado en carpintería
#: metálica"; a resident doctor's year ("Residente de 5° año")
_PROFESSION = anchored(
    r"[\W]",
    r"\w",
    rf"(?P<word>(?:[Ee]x[-\s]+)?(?:{_words(PROFESSIONS)})(?:e?s)?"
    rf"(?:\s+(?:de|en)\s+(?!{_NOT_A_COMPLEMENT}){_WORD}"
    rf"(?:\s+de\s+(?!{_NOT_A_COMPLEMENT}){_WORD}|\s+[^\W\d_]+(?:ic[oa]|al|ar|iv[oa])s?(?!\w))?)?"
    rf"|(?:[Mm]édic[oa]\s+)?[Rr]esidente\s+de\s+\d+\s*[°º]?\s*año)(?!\w)",
)

#: the one or two words after "de raza", "de nacionalidad", ... (with that word: the annotators mark "raza
#: caucásica"); after "natural de" a place; after "origen" only a place or a demonym's form, since the word
#: also names a cause ("de origen enólico"); a skin colour right after the word for a person ("mujer blanca")
_DEMONYM_FORM = r"[^\W\d_]+(?:ano|ana|anos|anas|ino|ina|ense|eño|eña|í|ita|és|esa|ol|ola|aco|aca|ego|ega)\b"
_NOT_AN_ORIGIN = r"(?!(?:del|los|las|una|uno|que|por|para|con|sin|desconocid[oa])\b)"
_ORIGIN = anchored(
    r"[\W]",
    r"[a-zA-Z]",
    rf"(?P<word>(?:raza|nacionalidad|ascendencia|etnia)\s+{_NOT_AN_ORIGIN}[^\W\d_]{{3,}}"
    rf"(?:\s+(?:de\s+)?[A-ZÁÉÍÓÚ][^\W\d_]+)?)"
    rf"|natural\s+de\s+{_NOT_AN_ORIGIN}(?P<place>[^\W\d_]{{3,}}(?:\s+(?:de\s+)?[A-ZÁÉÍÓÚ][^\W\d_]+)?)"
    rf"|(?:{_words(SEX_WORDS)}|[Pp]acientes?)\s+(?P<colour>{'|'.join(SKIN_COLOURS)})(?!\w)"
    rf"|origen\s+(?P<origin>[A-ZÁÉÍÓÚ][^\W\d_]+(?:\s+(?:de\s+)?[A-ZÁÉÍÓÚ][^\W\d_]+)?|{_DEMONYM_FORM})",
)


SEX = PatternRecognizer(
    "es_sex",
    TermKind.SEX,
    _SEX,
    first_group("word"),
    languages=_SPANISH,
    summary="varón, mujer, niña, homosexual: a person's sex or orientation in a word",
)
RELATIVE = PatternRecognizer(
    "es_relative",
    TermKind.RELATION,
    _RELATIVE,
    first_group("word"),
    languages=_SPANISH,
    summary="madre, la menor de tres hermanos, hijo único, casada, sin hijos: "
    "relatives, place among siblings, marital status",
)
ORIGIN = PatternRecognizer(
    "es_origin",
    TermKind.DEMONYM,
    _ORIGIN,
    first_group("word", "place", "colour", "origin"),
    languages=_SPANISH,
    summary="de origen peruano, de raza caucásica, natural de Lima, mujer blanca: origin and skin colour",
)
NATIONALITY = PatternRecognizer(
    "es_nationality",
    TermKind.DEMONYM,
    _NATIONALITY,
    first_group("word"),
    languages=_SPANISH,
    summary="peruano, marroquíes, caucásica: a nationality or people as an adjective",
)
LIFE_STAGE = PatternRecognizer(
    "es_life_stage",
    TermKind.AGE,
    _STAGE,
    first_group("word"),
    languages=_SPANISH,
    summary="lactante, recién nacida, adolescente, joven: an age said in a word",
)
PROFESSION = PatternRecognizer(
    "es_profession",
    TermKind.PROFESSION,
    _PROFESSION,
    first_group("word"),
    languages=_SPANISH,
    summary="militar, jugador de fútbol, residente de 5° año: the person's trade",
)
