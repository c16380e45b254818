"""The one normalization of phrases shared by every back-end and by the count cache.

A phrase is looked up the way a web search engine matches it: case-insensitively,
with runs of whitespace collapsed, typographic quotes and dashes folded to ASCII and
a trailing possessive ('s) dropped, so "Smith's", "SMITH" and "smith" are one query.
"""

from __future__ import annotations

import re
import unicodedata

_TYPOGRAPHIC = str.maketrans(
    {"\u2019": "'", "\u2018": "'", "\u201c": '"', "\u201d": '"', "\u2013": "-", "\u2014": "-", "\u00a0": " "}
)
_WHITESPACE = re.compile(r"\s+")
_POSSESSIVE = re.compile(r"'s?$")


def normalize_phrase(phrase: str) -> str:
    """Return the canonical query form of ``phrase`` (may be empty)."""
    text = unicodedata.normalize("NFKC", phrase).translate(_TYPOGRAPHIC)
    text = _WHITESPACE.sub(" ", text).strip().casefold()
    return _POSSESSIVE.sub("", text).strip()


_WORD = re.compile(r"\w+")


def index_tokens(text: str) -> list[str]:
    """The tokens under which a local index stores text and looks phrases up.

    The same folding as ``normalize_phrase`` (NFKC, typographic quotes and dashes,
    case), then runs of word characters: punctuation, sentence ends and line breaks
    separate tokens and are otherwise ignored, so "Smith's" is stored as "smith s"
    and matches the phrase "smith", and "36244/06" matches "36244-06".
    """
    return _WORD.findall(unicodedata.normalize("NFKC", text).translate(_TYPOGRAPHIC).casefold())
