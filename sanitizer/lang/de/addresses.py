"""German addresses: a street with its number ("Hauptstraße 5", "Y-Straße ...", "Am Ring 3a")
and a postcode before its town ("80331 München")."""

from __future__ import annotations

from ...recognizers.base import PatternRecognizer
from ...recognizers.pattern_tools import anchored
from ...terms import TermKind

_GERMAN = frozenset({"de"})
_STREET_WORD = r"(?:straße|strasse|str\.|weg|platz|allee|gasse|ring|damm|ufer|chaussee|steig|pfad)"
_STREET = anchored(
    r"[^\w-]",
    r"[A-ZÄÖÜ]",
    rf"[A-ZÄÖÜ][\wäöüß]*(?:-|[ ]?)(?:{_STREET_WORD}|{_STREET_WORD.title()})\b(?:[ \u00a0]+\d{{1,4}}[a-z]?\b)?",
)
_POSTCODE = anchored(r"[^\w./-]", r"\d", r"\d{5}[ \u00a0]+[A-ZÄÖÜ][a-zäöüß]+(?:[ -][A-ZÄÖÜ][a-zäöüß]+)?")

STREET = PatternRecognizer(
    "de_street_address",
    TermKind.LOCATION,
    _STREET,
    languages=_GERMAN,
    summary="Hauptstraße 5, Y-Straße, Lindenallee 12a",
)
POSTCODE = PatternRecognizer(
    "de_postcode", TermKind.LOCATION, _POSTCODE, languages=_GERMAN, summary="80331 München, 10117 Berlin"
)
