"""The one normalization of phrases shared by every back-end and by the count cache.

A phrase is looked up the way a web search engine matches it: case-insensitively,
with runs of whitespace collapsed, typographic quotes and dashes folded to ASCII and
a trailing possessive ('s) dropped, so "Smith's", "SMITH" and "smith" are one query.
"""

from __future__ import annotations

import re
import unicodedata

_TYPOGRAPHIC = str.maketrans({"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"',
                              "\u2013": "-", "\u2014": "-", "\u00a0": " "})
_WHITESPACE = re.compile(r"\s+")
_POSSESSIVE = re.compile(r"'s?$")


def normalize_phrase(phrase: str) -> str:
    """Return the canonical query form of ``phrase`` (may be empty)."""
    text = unicodedata.normalize("NFKC", phrase).translate(_TYPOGRAPHIC)
    text = _WHITESPACE.sub(" ", text).strip().casefold()
    return _POSSESSIVE.sub("", text).strip()
