"""Titles of works in a list: a biography's or a CV's "Selected works", "Discography" or
"Publications", one item a line with its year in brackets ("- The Drowning Garden (2016)",
"3. Meadows of the Sea: A Field Guide (2020)"). A title's words are ordinary words, so
neither the name rule (which reads "Meadows of the Sea" as a place) nor IC sees them as a
whole; the list's layout does. The list's heading must name works (WORKS_HEADINGS), so
that a CV's "Career" list ("- Promoted to Reader (2015)") is not taken for one, and the
title must be written in title case, every word of four letters or more capitalized."""

from __future__ import annotations

import re

from ...terms import TermKind
from ..base import Bounds, PatternRecognizer, body
from ..pattern_tools import anchored

#: a list item's mark: a dash, a bullet or a number with its point or bracket
_ITEM_MARK = r"[ \t]*(?:[-\u2013\u2022*\u00b7]|\d{1,3}[.)])[ \t]+"
_YEAR_IN_BRACKETS = r"[ \t]*[(\[](?:1[5-9]|20)\d\d[)\]][ \t]*[.,;]?[ \t]*(?=\n|$)"
_WORK_IN_LIST = anchored(
    r"\n",
    r"[ \t\-\u2013\u2022*\u00b7\d]",
    rf"{_ITEM_MARK}(?P<title>[\"“‘']?[^\W\d_][^\n()\[\]]{{0,150}}?){_YEAR_IN_BRACKETS}",
)
_WORD = re.compile(r"[^\W\d_][\w'\u2019-]*")
_LIST_ITEM = re.compile(_ITEM_MARK)
#: words of a heading over a list of works
WORKS_HEADINGS = frozenset(
    """works publications bibliography discography filmography books novels albums films
    recordings plays poems poetry writings singles songs""".split()
)


def _title_cased(title: str) -> bool:
    return all(word[0].isupper() for word in _WORD.findall(title) if len(word) >= 4)


def _under_a_works_heading(text: str, start: int) -> bool:
    """Whether the list that holds the line at ``start`` has a heading naming works: the
    first line above it that is no list item (blank lines passed over)."""
    for line in reversed(text[:start].splitlines()):
        if line.strip() and not _LIST_ITEM.match(line):
            return any(word.lower() in WORKS_HEADINGS for word in _WORD.findall(line))
    return False


def _the_title(text: str, match: re.Match) -> Bounds:
    title_cased = _title_cased(match.group("title"))
    return body(match, "title") if title_cased and _under_a_works_heading(text, match.start()) else None


WORK_IN_LIST = PatternRecognizer(
    "work_in_list",
    TermKind.WORK,
    _WORK_IN_LIST,
    _the_title,
    summary="a list's titles with their year: - The Drowning Garden (2016)",
)
