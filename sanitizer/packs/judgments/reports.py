"""Law reports cited in judgments: a series' name with its volume ("Reports of Judgments and
Decisions 1996-IV", "Weekly Law Reports 12, p. 3", "ECHR 2000-XI"), the European Court's
volumes ("1997-I", "1998-IV, p. 1633") and the Convention's old article references
("P1-1"). Reports are published: a judgment's citation of one says which case-law it
applies, whoever it is about (as public_references.py says of laws)."""

from __future__ import annotations

import re
from typing import Iterator

from ...lang.en.common_words import common_lowercase_words, is_function_word
from ...lang.name_lexicons import place_names
from ...recognizers.public_references import PAGE_CITED

#: a volume of the Court's reports: 1997-I, 2000-XI; with the page cited ("1998-IV, p. 1633")
REPORT_VOLUME = re.compile(rf"\b(?:19|20)\d\d-[IVX]{{1,5}}\b{PAGE_CITED}?")
#: A law report series' name with the volume cited in it: "Reports of Judgments
#: and Decisions 1996-IV", "Decisions and Reports 45, p. 41", "Weekly Law Reports 12, p.
#: 3", "ECHR 2000-XI" (an acronym, before a year's volume only). Group 1 is the name: a
#: run of capitalized words and the words that join them (eight at most: an unbounded run
#: is tried again from each of its words), holding a series' word.
REPORT_SERIES = re.compile(
    r"\b([A-Z][A-Za-z]*(?:[ \u00a0]+(?:[A-Z][A-Za-z]*|of|and|the|on)){0,7})[ \u00a0]+"
    rf"(?:(?P<year_volume>(?:19|20)\d\d-[IVX]{{1,5}}\b){PAGE_CITED}?|\d{{1,4}}{PAGE_CITED})"
)
_SERIES_WORDS = frozenset({"Reports", "Report", "Reporter", "Decisions", "Judgments", "Yearbook"})
_ACRONYM = re.compile(r"[A-Z]{2,6}")
#: the Convention's old article references: "P1-1" (Protocol No. 1, Article 1)
_PROTOCOL_ARTICLE = re.compile(r"P\d+-\d+")


def is_report_citation(code: str) -> bool:
    """Whether a string the code patterns took cites a report's volume or a Protocol's article."""
    return REPORT_VOLUME.search(code) is not None or _PROTOCOL_ARTICLE.search(code) is not None


def report_spans(text: str) -> Iterator[tuple[int, int]]:
    """(start, end) of every report volume and series cited in ``text``."""
    for match in REPORT_VOLUME.finditer(text):
        yield match.start(), match.end()
    for match in REPORT_SERIES.finditer(text):
        start = _series_start(match.group(1), year_volume=match.group("year_volume") is not None)
        if start is not None:
            yield match.start(1) + start, match.end()


def _series_start(words: str, year_volume: bool) -> int | None:
    """Where in ``words`` a report series' name starts: at an acronym alone before a
    year's volume ("ECHR"), or at its first series word ("Reports of Judgments and
    Decisions") with the ordinary words and places before it that name the series too
    ("Weekly Law Reports", "All England Law Reports"); None when it names none. A name
    no word list knows stops it ("Smith Reports 12, p. 3" cites from "Reports")."""
    found = [(m.start(), m.group()) for m in re.finditer(r"\S+", words)]
    if year_volume and _ACRONYM.fullmatch(found[-1][1]):
        return found[-1][0]
    first = next((i for i, (_, word) in enumerate(found) if word in _SERIES_WORDS), None)
    if first is None:
        return None
    while first > 0 and _names_a_series(found[first - 1][1]):
        first -= 1
    return found[first][0]


def _names_a_series(word: str) -> bool:
    """Whether a capitalized word before a series word is part of its name: an ordinary
    word or a place, not a sentence's opening word ("In", "See")."""
    return not is_function_word(word) and (word.lower() in common_lowercase_words() or word in place_names())
