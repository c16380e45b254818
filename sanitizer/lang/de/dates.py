"""Dates as German writes them: "30. Juli 2010", "21.10.2009", "21. 10. 2009", "Juli 2010",
"im Jahr 2015", "am 4. 6. 1974".

A bare year needs a word before it that makes it a date ("im", "seit", "bis", "Jahr"), as
in English; a bare month needs a year after it.
"""

from __future__ import annotations

import re

from ...recognizers.base import Bounds, PatternRecognizer, body
from ...recognizers.pattern_tools import YEAR, anchored
from ...terms import TermKind
from .lexicon import MONTH_VARIANTS, MONTHS

_GERMAN = frozenset({"de"})
_MONTH = "|".join(month.capitalize() for month in (*MONTHS, *MONTH_VARIANTS))
_DATE = anchored(
    r"[\W]",
    r"[\dA-ZÄÖÜ]",
    rf"(?:\d{{1,2}}\.[ \u00a0]?)?(?:{_MONTH})[ \u00a0]+{YEAR}\b"
    rf"|\d{{1,2}}\.[ \u00a0]?\d{{1,2}}\.[ \u00a0]?(?:{YEAR}|\d\d)\b(?![.,]?\d)"
    rf"|\d{{1,2}}\.[ \u00a0]?(?:{_MONTH})\b"
    rf"|(?P<year>{YEAR})\b(?![.,/]\d)",
)
#: words that make a bare year a date
_YEAR_CONTEXT = re.compile(
    r"\b(?:im|seit|bis|ab|Jahre?s?|Jahr|vor|nach|von|Anfang|Ende|Mitte|Frühjahr|Sommer|"
    r"Herbst|Winter)\s*$"
)


def _date(text: str, match: re.Match) -> Bounds:
    start, end = body(match)
    if match.group("year") is not None and _YEAR_CONTEXT.search(text, max(0, start - 12), start) is None:
        return None
    return start, end


DATE = PatternRecognizer(
    "de_date",
    TermKind.DATE,
    _DATE,
    _date,
    languages=_GERMAN,
    summary="30. Juli 2010, 21.10.2009, Juli 2010, am 4. 6. 1974, im Jahr 2015",
)
