"""Titles of works in a list: a biography's or a CV's "Selected works", "Discography" or
"Publications", one item a line with its year in brackets ("- The Drowning Garden (2016)",
"3. Meadows of the Sea: A Field Guide (2020)"), with a list's mark or without one (text
taken from a web page loses its bullets). A title's words are ordinary words, so
neither the name rule (which reads "Meadows of the Sea" as a place) nor IC sees them as a
whole; the list's layout does. The list's heading must name works (WORKS_HEADINGS), so
that a CV's "Career" list ("- Promoted to Reader (2015)") is not taken for one (a short
line inside the list, with no blank line before it, is a part of it: "Solo"), and the
title must be written in title case: every word of four letters or more capitalized but
the small words title case leaves in lower case ("Lessons from Dubai")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterator, Optional

from ...lang.en.name_words import TITLE_CONNECTORS
from ...lang.en.role_words import WORKS_HEADINGS
from ...terms import TermKind

#: a list item's mark: a dash, a bullet or a number with its point or bracket
_MARK = r"(?:[-\u2013\u2022*\u00b7]|\d{1,3}[.)])[ \t]+"
_ITEM_MARK = re.compile(r"[ \t]*" + _MARK)
#: an item that is a title and its year, its mark optional: "- The Drowning Garden (2016)"
_TITLE_AND_YEAR = re.compile(
    r"[ \t]*(?:" + _MARK + r")?(?P<title>[\"\u201c\u2018']?[^\W\d_][^\n()\[\]]{0,150}?)[ \t]*"
    r"[(\[](?:1[5-9]|20)\d\d[)\]][ \t]*[.,;]?[ \t]*"
)
_WORD = re.compile(r"[^\W\d_][\w'\u2019-]*")
_LINE = re.compile(r"^[^\n]*", re.MULTILINE)


def _title_cased(title: str) -> bool:
    return all(word[0].isupper() or word in TITLE_CONNECTORS for word in _WORD.findall(title) if len(word) >= 4)


#: the most words of a heading inside a list ("With The Paper Lanterns", "Solo")
_SUBHEADING_WORDS = 5


def _is_subheading(line: str, after_blank: bool) -> bool:
    """A short line right under the list's heading or an item, with no blank line before
    it and no sentence's end: a part of the list ("With The Paper Lanterns", "Solo"), where
    a line after a blank one opens a new section ("Personal life")."""
    return not after_blank and len(line.split()) <= _SUBHEADING_WORDS and not line.rstrip().endswith((".", "!", "?"))


@dataclass(frozen=True)
class WorksListRecognizer:
    """The titles of the items of a list under a heading that names works (one pass over
    the lines: a heading opens or closes a list, blank lines keep it open)."""

    name: str = "work_in_list"
    kind: TermKind = TermKind.WORK
    languages: Optional[frozenset[str]] = None
    country: Optional[str] = None
    summary: str = "a list's titles with their year, under a heading of works: - The Drowning Garden (2016)"

    def find(self, text: str) -> Iterator[tuple[int, int]]:
        under_works_heading, after_blank = False, True
        for line in _LINE.finditer(text):
            content = line.group()
            if not content.strip():
                after_blank = True
                continue
            item = _TITLE_AND_YEAR.fullmatch(content) if under_works_heading else None
            if item is not None and _title_cased(item.group("title")):
                yield line.start() + item.start("title"), line.start() + item.end("title")
            elif not _ITEM_MARK.match(content):
                names_works = any(word.lower() in WORKS_HEADINGS for word in _WORD.findall(content))
                under_works_heading = names_works or under_works_heading and _is_subheading(content, after_blank)
            after_blank = False


WORK_IN_LIST = WorksListRecognizer()
