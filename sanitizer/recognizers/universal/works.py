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

from ...lang.en.common_words import ARTICLES, is_function_word
from ...lang.en.name_words import TITLE_CONNECTORS, WORK_NOUNS
from ...lang.en.role_words import WORKS_HEADINGS
from ...terms import TermKind
from ..base import ENGLISH, Bounds, PatternRecognizer, body
from ..pattern_tools import anchored

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


#: a work's noun, its title (an article, then up to eight words) and the year in brackets
#: after it: "her book the quiet shelf (2012)", "HIS ALBUM NORTHERN HARBOUR (2007)", read in
#: any case, where the name rule, which needs the title's capitals, finds none
_AFTER_ITS_NOUN = anchored(
    r"[^\w'\u2019-]",
    r"[^\W\d_]",
    rf"(?i:{'|'.join(sorted(WORK_NOUNS))})[ \t]*,?[ \t]+(?:(?i:called|titled|entitled)[ \t]+)?[\"\u201c\u2018']?"
    rf"(?P<title>(?:(?i:{'|'.join(sorted(ARTICLES))})[ \t]+)?[^\W\d_][\w'\u2019-]*(?:[ \t]+[\w'\u2019:-]+){{0,7}}?)"
    r"[\"\u201d\u2019']?[ \t]*\((?:1[5-9]|20)\d\d\)",
    needs=r"\((?:1[5-9]|20)\d\d\)",
)


#: what says a work's topic rather than its title, and is no closed class of the tagger's
_TOPIC_WORDS = frozenset({"about", "starring", "featuring", "set"})


def _title_after_its_noun(text: str, match: re.Match) -> Bounds:
    """The title, unless it opens with a word of the sentence ("his book of 2012", "the
    film about (1999)"): after its article, a title opens with a word no closed class holds."""
    start, end = body(match, "title")
    words = text[start:end].split()
    opening = words[1] if len(words) > 1 and words[0].lower() in ARTICLES else words[0]
    return None if is_function_word(opening.lower()) or opening.lower() in _TOPIC_WORDS else (start, end)


WORK_AFTER_ITS_NOUN = PatternRecognizer(
    "work_after_its_noun",
    TermKind.WORK,
    _AFTER_ITS_NOUN,
    _title_after_its_noun,
    summary="her book the quiet shelf (2012): a title between its noun and its year, in any case",
    languages=ENGLISH,
)
