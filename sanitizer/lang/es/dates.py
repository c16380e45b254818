"""Dates and ages as Spanish writes them: "3 de marzo de 2016", "marzo de 2016", "en 2015",
"el año 2000", "03/03/1946"; "70 años", "diecisiete años", "3 meses de vida", "a los 12 años".

A bare year needs a word before it that makes it a date ("en", "desde", "año" ...), as in
English; an age needs a word that makes the count a person's age ("de", "con", "a los",
"Edad:") and never follows one that makes it a duration ("hace", "durante", "desde").
"""

from __future__ import annotations

import re

from ...recognizers.base import Bounds, PatternRecognizer, body
from ...recognizers.pattern_tools import YEAR, anchored, either_case_initial
from ...terms import TermKind
from .lexicon import AGE_UNITS, MONTH_VARIANTS, MONTHS, NUMBER_WORDS

_SPANISH = frozenset({"es"})
_MONTH = either_case_initial("|".join((*MONTHS, *MONTH_VARIANTS)))
_DATE = anchored(
    r"[\W]",
    r"[\dA-Za-záéíóúñ]",
    rf"(?:\d{{1,2}}\s+de\s+)?(?:{_MONTH})\b(?:\s+(?:de|del)\s+(?:año\s+)?{YEAR}|\s+{YEAR}|\s+\d\d\b)?"
    rf"|(?:[Ee]l\s+)?año\s+{YEAR}"
    r"|\d{1,2}/\d{1,2}/\d{2,4}|\d{1,2}-\d{1,2}-\d{2,4}|\d{1,2}\.\d{1,2}\.\d{4}"
    rf"|(?P<year>{YEAR})(?:\s*[-/]\s*{YEAR})?\b",
)
#: words that make a bare year or a bare month a date
_DATE_CONTEXT = re.compile(
    r"(?:\b(?:en|desde|hasta|de|del|el|entre|y|a|durante|finales|principios|mediados)"
    r"|[(,])\s*$",
    re.IGNORECASE,
)


def _date(text: str, match: re.Match) -> Bounds:
    start, end = body(match)
    found = text[start:end]
    if match.group("year") is not None or found.lower() in (*MONTHS, *MONTH_VARIANTS):
        # a bare year or month is a date after a word that makes it one: "en 2015", not "2015 pacientes"
        if _DATE_CONTEXT.search(text, max(0, start - 12), start) is None:
            return None
    return start, end


_COUNT = rf"(?:\d{{1,3}}(?:[.,]5)?|{'|'.join(NUMBER_WORDS)})"
_AGE = anchored(r"[\W]", r"[\dA-Za-záéíóú]", rf"(?P<age>{_COUNT}\s+(?:{'|'.join(AGE_UNITS)})\b)")
#: what makes a count of years a person's age ("de 70 años", "con 3 meses", "a los 12 años", "Edad: 16 años"),
#: and what makes it a duration ("hace 3 años", "durante 2 meses", "desde hace", "cada 6 meses")
#: ... and after: "3 meses de evolución", "un mes después"
_AGE_BEFORE = re.compile(r"(?:\bde|\bcon|\blos|\bedad|\bque\s+tiene|\btiene|\bde\s+edad|:)\s*$", re.IGNORECASE)
_DURATION_AFTER = re.compile(
    r"\s+(?:de\s+(?:evolución|duración|tratamiento|seguimiento|antigüedad|retraso|ingreso)"
    r"|después|antes|más\s+tarde|tras)\b",
    re.IGNORECASE,
)
_DURATION_BEFORE = re.compile(
    r"\b(?:hace|durante|desde|cada|tras|después\s+de|antes\s+de|en\s+los\s+últimos|"
    r"últimos|próximos|plazo\s+de|período\s+de|periodo\s+de)\s*$",
    re.IGNORECASE,
)


def _age(text: str, match: re.Match) -> Bounds:
    start, end = body(match, "age")
    before = text[max(0, start - 20) : start]
    if _DURATION_BEFORE.search(before) or _DURATION_AFTER.match(text, end) or not _AGE_BEFORE.search(before):
        return None
    return start, end


DATE = PatternRecognizer(
    "es_date",
    TermKind.DATE,
    _DATE,
    _date,
    languages=_SPANISH,
    summary="3 de marzo de 2016, 03/03/1946, marzo de 2016, en 2015, el año 2000",
)
AGE = PatternRecognizer(
    "es_age",
    TermKind.AGE,
    _AGE,
    _age,
    languages=_SPANISH,
    summary="de 70 años, diecisiete años, con 3 meses, a los 12 años (not hace 3 años)",
)
