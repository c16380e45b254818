"""Clean span edges: what a replaced span may begin and end with.

A clean span begins and ends with neither whitespace, nor an unbalanced bracket or
quote, nor a sentence-final full stop, nor a separator (comma, semicolon, dash,
slash), and is not wholly enclosed in one pair of brackets or quotes. Brackets and quotes that open and close inside the span may stand at its
edges ("[2008] EWHC 860 (QB)"); so may the period of an abbreviation or an initial
("no.", "St.", "Mr S.") unless the sentence ends there too ("... at 2 p.m. He left":
the span stops before that period, so that no span ever takes a sentence's full stop).

Every recognizer trims its matches with ``clean_span``; noun-phrase and name spans can
be trimmed by the same rule, and ``is_clean_span`` states the rule for tests and
benchmarks.
"""

from __future__ import annotations

import re

from ..lang.en.lexicon import DOTTED_ABBREVIATIONS, MONTH_ABBREVIATIONS
from .quantity_patterns import FEET_AND_INCHES

_OPENERS = {
    "(": ")",
    "[": "]",
    "{": "}",
    "\u201c": "\u201d",
    "\u2018": "\u2019",
    "\u00ab": "\u00bb",
    "\u201e": "\u201c",
    "\u2039": "\u203a",
}
_CLOSER_TO_OPENERS: dict[str, set[str]] = {}
for _opener, _closer in _OPENERS.items():
    _CLOSER_TO_OPENERS.setdefault(_closer, set()).add(_opener)
# Straight quotes (and the apostrophe, which doubles as a closing single quote) open
# and close with the same character.
_SYMMETRIC_QUOTES = frozenset({'"', "'", "\u2019", "`", "\u00b4"})
# Never at an edge, balanced or not.
_SEPARATORS = frozenset(",;:!?-\u2010\u2011\u2012\u2013\u2014\u2015/\\|*\u2026\u00b7\u2022_~")

# Words whose period is part of the word: titles, "no.", "St.", "sq.", "p.m." ...
_ABBREVIATIONS = DOTTED_ABBREVIATIONS | frozenset(MONTH_ABBREVIATIONS)
_WORD_BEFORE_PERIOD = re.compile(r"(?:\w\.)*\w+$")
#: a height's inch mark is no closing quote: 5'10"
_ENDS_IN_INCHES = re.compile(f"(?:{FEET_AND_INCHES})$")


def _matching_closer(text: str, start: int, end: int) -> int:
    """Where the opener at ``start`` is closed within the span (nesting counted), or -1."""
    opener = text[start]
    closer = _OPENERS.get(opener, opener)
    depth = 0
    for index in range(start + 1, end):
        char = text[index]
        if char == closer and (opener in _SYMMETRIC_QUOTES or depth == 0):
            return index
        if char == closer:
            depth -= 1
        elif char == opener and opener not in _SYMMETRIC_QUOTES:
            depth += 1
    return -1


def _matching_opener_inside(text: str, start: int, end: int) -> bool:
    """Whether the closer at ``end - 1`` was opened within the span (nesting counted)."""
    closer = text[end - 1]
    openers = _CLOSER_TO_OPENERS.get(closer, set()) | ({closer} if closer in _SYMMETRIC_QUOTES else set())
    depth = 0
    for index in range(end - 2, start - 1, -1):
        char = text[index]
        if char in openers and (char in _SYMMETRIC_QUOTES or depth == 0):
            return True
        if char in openers:
            depth -= 1
        elif char == closer and closer not in _SYMMETRIC_QUOTES:
            depth += 1
    return False


def _is_abbreviation_period(text: str, start: int, period: int) -> bool:
    """Whether the period at ``period`` belongs to the word before it."""
    # Abbreviations are short: looking back a few characters keeps this constant-time.
    match = _WORD_BEFORE_PERIOD.search(text, max(start, period - 12), period)
    if match is None:
        return False
    word = match.group()
    if "." in word or (len(word) == 1 and word.isalpha()):
        return True  # "p.m.", "U.S.", an initial "S."
    return word.lower() in _ABBREVIATIONS


def _ends_sentence(text: str, period: int) -> bool:
    """A period ends a sentence when only closers and spaces stand between it and the
    end of the text, a line break, or a capital letter."""
    index = period + 1
    while index < len(text) and (text[index] in _CLOSER_TO_OPENERS or text[index] in _SYMMETRIC_QUOTES):
        index += 1
    if index == len(text):
        return True
    if not text[index].isspace():
        return False
    while index < len(text) and text[index].isspace():
        if text[index] in "\n\r\u2028\u2029":
            return True
        index += 1
    return index == len(text) or text[index].isupper()


def _bad_first(text: str, start: int, end: int) -> bool:
    char = text[start]
    if char.isspace() or char in _SEPARATORS or char == ".":
        return True
    if char in _OPENERS or char in _SYMMETRIC_QUOTES:
        return _matching_closer(text, start, end) == -1
    return char in _CLOSER_TO_OPENERS


def _enclosed(text: str, start: int, end: int) -> bool:
    """Whether one pair of brackets or quotes encloses the whole span: "(QB)", "“Dr X”"."""
    return (text[start] in _OPENERS or text[start] in _SYMMETRIC_QUOTES) and _matching_closer(
        text, start, end
    ) == end - 1


def _bad_last(text: str, start: int, end: int) -> bool:
    char = text[end - 1]
    if char.isspace() or char in _SEPARATORS:
        return True
    if char == ".":
        return not _is_abbreviation_period(text, start, end - 1) or _ends_sentence(text, end - 1)
    if char in _CLOSER_TO_OPENERS or char in _SYMMETRIC_QUOTES:
        return not (_matching_opener_inside(text, start, end) or _ENDS_IN_INCHES.search(text, max(start, end - 8), end))
    return char in _OPENERS


def clean_span(text: str, start: int, end: int) -> tuple[int, int] | None:
    """Trim ``text[start:end]`` to a clean span, or None when no letter or digit is left.

    Brackets or quotes that enclose the whole span go too: what they enclose is the term.
    """
    start, end = max(start, 0), min(end, len(text))
    while start < end:
        if _bad_first(text, start, end):
            start += 1
        elif _bad_last(text, start, end):
            end -= 1
        elif end - start > 1 and _enclosed(text, start, end):
            start, end = start + 1, end - 1
        else:
            break
    if not any(char.isalnum() for char in text[start:end]):
        return None
    return start, end


def is_clean_span(text: str, start: int, end: int) -> bool:
    """The rule ``clean_span`` enforces: a clean span is its own trimmed span."""
    return 0 <= start < end <= len(text) and clean_span(text, start, end) == (start, end)
