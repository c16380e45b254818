"""The German tax identification number (Steuer-ID, IdNr): eleven digits after its label.

The label is required: one eleven-digit number in ten passes the checksum by chance.
The label stays in clear ("Steuer-ID: [CODE-1]"), as a case number's "no." does.
"""

from __future__ import annotations

import re

from stdnum.de import idnr

from ...terms import TermKind
from ..base import Bounds, PatternRecognizer, body
from ..pattern_tools import anchored

_LABELLED = anchored(
    r"\W",
    r"[SsIi]",
    r"(?:Steuer-?ID|Steuer-?[Ii]dentifikationsnummer|IdNr|Identifikationsnummer)"
    r"\.?:?[ \t]*(?P<number>\d\d ?\d{3} ?\d{3} ?\d{3})(?! ?\d)",
)


def _valid(text: str, match: re.Match) -> Bounds:
    start, end = body(match, "number")
    return (start, end) if idnr.is_valid(text[start:end]) else None


TAX_ID = PatternRecognizer(
    "de_tax_id",
    TermKind.CODE,
    _LABELLED,
    _valid,
    country="DE",
    summary="Steuer-ID: 36 574 261 809, IdNr 36574261809 (checksum by python-stdnum)",
)
