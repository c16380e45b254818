"""Patterns for dates: calendar dates, coordinated dates and ranges, years in context and
times of day.

- "12 March 2005", "March 12, 2005", "12th day of March 2005", "March 2005", "12.03.2005",
  "2005-03-12"; in lower case after a day ("3rd of march", "12th oct", "14 october");
- coordinated dates and ranges, one span: "16 and 17 April 1997", "March, April and June
  1989", "17 May, 3 June and 10 September 1999", "31 January to 6 March 2001", "12–13
  November 1992", "between 1982 and 1984", "from 1 to 5 May 2003";
- a bare year or month only after a word that makes it one ("in 2010", "born 1957",
  "since the 1990s", "until February"): alone, "1998" may be a count or part of a name
  ("the 1998 Act") and "May" a verb; words that narrow the date down belong to it
  ("early October 1997", "the end of 1981", "mid-1980s", "the autumn of 1996");
- a day of the month alone only after "on the", "by the", "until the"... ("on the 15th"; not
  "on the 15th floor");
- times, with the date they are on: "10.00 a.m.", "14:30", "19 July 1996 at 9.30 a.m.",
  "between 1.28 p.m. and 2.00 p.m. on 20 July 1996".

A date stops at its last day, month, year or time, so a name after it stays out
("7 January 2021 Bagbin"). Lists are bounded (up to 7 days, 9 dates) so that matching stays linear.
"""

from __future__ import annotations

import re

from ..compiled_patterns import compiled_pattern
from ..lang.en.lexicon import (
    DATED_EVENTS,
    MONTH_ABBREVIATIONS,
    MONTHS,
    OPEN_PERIOD_ENDS,
    PARTS_OF_A_PERIOD,
    PROCEDURE_ENDINGS,
    SEASONS,
    WEEKDAY_ABBREVIATIONS,
    WEEKDAYS,
    WORDS_BEFORE_A_DAY,
    WORDS_BEFORE_A_MONTH,
    WORDS_BEFORE_A_YEAR,
)
from .pattern_tools import anchored, either_case_initial

#: months in lower case that are also ordinary words or names: "may", "march", "mar", "jan"
_WORD_MONTHS = frozenset({"may", "march", "mar", "jan", "jun"})

_MONTH = (
    r"\b(?:(?:" + "|".join(month.capitalize() for month in MONTHS) + r")\b"
    r"|(?:" + "|".join(short.capitalize() for short in MONTH_ABBREVIATIONS) + r")\b\.?)"
)
_DAY = r"(?<![\d.,/])(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)?(?![\d:/]|[.,]\d)"
_YEAR = r"(?<![\d.,/])(?:1\d|20)\d\d(?!\d|[.,/-]\d)"
_YEAR_OR_DECADE = r"(?<![\d.,/])(?:1[89]|20)\d(?:0s|\d)(?!\d|[.,/-]\d)"
_DAY_SEPARATOR = r"(?:\s*[-\u2013\u2014]\s*|,\s*(?:(?:and|or)\s+)?|\s+(?:and|or|to|until|till)\s+)"
_DAYS = rf"{_DAY}(?:{_DAY_SEPARATOR}{_DAY}){{0,6}}"
_DAY_MONTH = rf"{_DAYS}(?:\s+day)?\s+(?:of\s+)?{_MONTH}"  # 16 and 17 April
_MONTH_DAY = rf"{_MONTH}(?:\s+{_DAY})?"  # April 16, April


def _lower_months(excluded: frozenset[str] = frozenset()) -> str:
    """The months and their abbreviations in lower case, but ``excluded``."""
    return r"\b(?:" + "|".join(m for m in (*MONTHS, *MONTH_ABBREVIATIONS) if m not in excluded) + r")\b\.?"


# A month in lower case, as notes and messages write it (and lines in capitals, read in
# lower case), only where it cannot be a word: after a day with its ordinal suffix ("3rd of
# march", "12th oct") or before one ("jun 14th"), after a day when it is no verb or name
# ("14 october"; not "12 may", "3 mar", "2 jan"), or before a year, a day before it or not
# ("died in march 2019", "born 14 march 1958").
_LOWER_MONTH = _lower_months()
_UNAMBIGUOUS_LOWER_MONTH = _lower_months(_WORD_MONTHS)
_ORDINAL_DAY = r"(?<![\d.,/])(?:[12]\d|3[01]|0?[1-9])(?:st|nd|rd|th)(?![\d:/]|[.,]\d)"
_DAY_LOWER_MONTH = (
    rf"(?:{_ORDINAL_DAY}\s+(?:of\s+)?{_LOWER_MONTH}|{_DAY}\s+{_UNAMBIGUOUS_LOWER_MONTH}"
    rf"|{_LOWER_MONTH}\s+{_ORDINAL_DAY})"
)
_LOWER_MONTH_YEAR = rf"(?:{_DAY}\s+)?{_LOWER_MONTH}\s+{_YEAR}"  # "march 2019", "14 march 1958"
_YEARLESS = rf"(?:{_DAY_MONTH}|{_DAY_LOWER_MONTH}|{_MONTH_DAY})"
_NUMERIC = (
    r"(?<![\w.,/-])(?:\d{1,2}(?:\.\d{1,2}\.|/\d{1,2}/|-\d{1,2}-)(?:\d{4}|\d{2})"
    r"|(?:1[89]|20)\d\d-[01]\d-[0-3]\d)(?![\w/]|[.-]\d)"
)

_CLOCK = (
    r"(?<![\w.:,])(?:(?:[01]?\d|2[0-3])(?:[.:][0-5]\d)?\s?(?:[ap]\.\s?m\.|[ap]m\b|[AP]\.?M\b\.?)"
    r"|(?:[01]?\d|2[0-3])(?::[0-5]\d(?![\d:])(?:\s?h(?:rs?)?\b)?|[.:][0-5]\d\s+hours?\b))"
)  # 10.30 a.m., 10:30 AM, 23:40 hrs, 09:30h
_AT_CLOCK = rf"(?:,?\s+at\s+(?:(?:about|approximately|around)\s+)?{_CLOCK})"

_ITEM = rf"(?:(?:{_YEARLESS}(?:,?\s+{_YEAR})?|{_LOWER_MONTH_YEAR}|{_NUMERIC}){_AT_CLOCK}?)"
_LIST_SEPARATOR = (
    r"(?:\s*[-\u2013\u2014]\s*|,\s*(?:(?:and|or)\s+)?"
    r"|\s+(?:and|or|to|until|till|through)\s+)"
)
_RANGE_SEPARATOR = r"(?:\s*[-\u2013\u2014]\s*|\s+(?:and|or|to|until|till|through)\s+)"
# Dates without a year share the year of the last one ("16 May, 3 June and 10 September
# 1999"); after a date with its year, only a range or "and" continues ("31 January 2001
# to 6 March 2002"), so that a comma-separated list of full dates gives one span each.
_DATE_LIST = rf"(?:{_YEARLESS}{_LIST_SEPARATOR}){{0,8}}{_ITEM}(?:{_RANGE_SEPARATOR}{_ITEM})?"
_YEAR_LIST = rf"{_YEAR_OR_DECADE}(?:{_LIST_SEPARATOR}{_YEAR_OR_DECADE}){{0,8}}"
#: a period of years as a CV or a chronology writes it, with a hyphen too: "2008-2012",
#: "2019–present" (dates.py takes it at a line's start, in brackets or after a word of time)
_YEAR_RANGE = (
    r"(?<![\w.,/-])(?:1[89]|20)\d\d[ \u00a0]?[-\u2013\u2014][ \u00a0]?"
    rf"(?:(?:1[89]|20)\d\d|{either_case_initial('|'.join(OPEN_PERIOD_ENDS))})(?![\w/-]|[.,]\d)"
)
_TIME_ON_DATE = rf"{_CLOCK}(?:\s+(?:and|to|until|till)\s+{_CLOCK})?(?:,?\s+on\s+{_ITEM})?"
#: a time's date right after it ("10.00 a.m. on 12 March 2005"): then the date pattern takes
#: the time with it ("on Tuesday" is no date: the time stays a time of its own)
ON_A_DATE = compiled_pattern(rf",?\s+on\s+{_ITEM}")

#: a time of day, or two of them as a range, alone ("22:30", "10 a.m.", "10:00 to 11:30")
TIME_OF_DAY = anchored(r"[^\w.,/]", r"\d", rf"{_CLOCK}(?:\s+(?:and|to|until|till)\s+{_CLOCK})?")

# A day of the month alone ("on the 15th"), not a rank of what follows ("the 15th floor",
# "the 15th-century church"): only "and" or "or" may follow it as a word.
_LONE_DAY = rf"{_ORDINAL_DAY}(?![-\w]|\s+(?!(?:and|or)\b)[^\W\d_])"

# A day and a month in figures without a year ("on 12/09"), as messages write them.
# With a dash the second number has two digits ("on 3-12"), so that a range of litres or
# doses in a note stays one ("on 2-4 L").
_DAY_AND_MONTH = r"(?<![\w.,/-])\d{1,2}(?:/\d{1,2}|-\d{2})(?![\w/-]|[.,]\d)"
DAY_AND_MONTH = re.compile(_DAY_AND_MONTH)

#: what a date's first characters are: a figure, or the first three letters of a month
#: (capitalized, as _MONTH writes it, or in lower case); a tighter look-ahead than the
#: initials alone, tried at every word that opens with J, F, M, A, S, O, N or D
_DATE_OPENING = rf"\d|{either_case_initial('|'.join(sorted({month[:3] for month in (*MONTHS, *MONTH_ABBREVIATIONS)})))}"

#: A date begins with a digit or a month, after a space or a bracket (see pattern_tools).
#: Group "date_list": dates; "year_list": bare years, a date only in context; "time": a
#: time of day, with its date; "lone_day": a day of the month, and "day_and_month": a day
#: and a month in figures, dates only in context.
DATE = anchored(
    r"[^\w.,/]",
    _DATE_OPENING,
    rf"(?P<date_list>{_DATE_LIST})|(?P<year_range>{_YEAR_RANGE})|(?P<year_list>{_YEAR_LIST})"
    rf"|(?P<time>{_TIME_ON_DATE})|(?P<lone_day>{_LONE_DAY})"
    rf"|(?P<day_and_month>{_DAY_AND_MONTH})",
    # every date holds a digit or a month's name: a text with neither does not compile the
    # pattern, the largest of all (80 ms), though most texts hold one of the letters a month
    # opens with (a month in lower case opens a date before a year or an ordinal day)
    needs=rf"\d|\b(?i:{'|'.join((*MONTHS, *MONTH_ABBREVIATIONS))})\b",
)

# The words before a date are looked at only where a date was found: tried everywhere,
# these alternations of common words would cost more than all the rest.
_CONTEXT = either_case_initial(rf"prior\s+to|as\s+of|{'|'.join(WORDS_BEFORE_A_YEAR)}|years?")
_MODIFIER = either_case_initial(
    rf"(?:{'|'.join((*PARTS_OF_A_PERIOD, *SEASONS))})\s+of|early|late|{'|'.join(SEASONS)}|mid"
)
#: A word before a date that makes a bare year or month one ("in 2010", "until February").
CONTEXT_BEFORE = re.compile(rf"\b(?P<context>{_CONTEXT})\s+(?P<article>the\s+)?$")
#: A word before a month alone that makes it one: "since last June", "next March".
BEFORE_A_MONTH = re.compile(rf"\b(?:{either_case_initial('|'.join(WORDS_BEFORE_A_MONTH))})\s+$")
#: Words before a date that narrow it down and belong to it ("early", "the end of", "mid-").
MODIFIER_BEFORE = re.compile(rf"\b(?:(?:{_MODIFIER})\s+|[Mm]id-)$")
_ON = either_case_initial("|".join(WORDS_BEFORE_A_DAY))
#: The words before a day of the month alone that make it a date ("on the 15th", "by the 3rd").
BEFORE_A_LONE_DAY = re.compile(rf"\b(?:{_ON})\s+the\s+$")
#: "status post" and "follow-up", before what was done or is due and its day: "s/p 11/3",
#: "s/p ex-lap 11/3", "S/P ORIF L HIP 2/11", "F/U ORTHO CLINIC 3/9"
_STATUS_POST = r"(?:s/p|f/u)(?:\s+[\w-]+){0,3}"
#: the events a record dates, in any case: "admitted 2/14", "DISCHARGED 3/1", "presented to ED 1/3"
_EVENT = rf"(?i:{'|'.join(DATED_EVENTS)}|[a-z]+(?:{'|'.join(PROCEDURE_ENDINGS)})|{_STATUS_POST})"
#: a weekday, whole or short ("mon 6/14", "Tues. 3/4"): before figures, "Sun" and "Sat" are days too
_WEEKDAY = rf"(?i:{'|'.join((*WEEKDAYS, *WEEKDAY_ABBREVIATIONS, *(day[:3] for day in WEEKDAYS)))})\.?,?"
#: An event of care before a bare year dates it: "s/p CABG 2009", "diagnosed 2012".
AFTER_AN_EVENT = re.compile(rf"\b{_EVENT}:?\s+$")
#: And before a day and a month in figures: "on 12/09", "by 3/4", "admitted 2/14", "mon 6/14".
BEFORE_A_DAY_AND_MONTH = compiled_pattern(rf"\b(?:{_ON}|{_EVENT}|{_WEEKDAY}):?\s+$")
#: A date list that is a range or a coordination: the "between" or "from" before it is kept.
RANGE_CONNECTOR = re.compile(r"\s(?:and|to|until|till|through)\s|[-\u2013\u2014]")
