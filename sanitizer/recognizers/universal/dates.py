"""Dates: "12 March 2005", "16 and 17 April 1997", "between 1982 and 1984", "in 2010",
"early October 1997", "10.00 a.m.", "on the 15th"; a bare year, month or day of the month
needs a word before it, or brackets around it for years ("(2006, 2008)", as a biography
dates a work or an honour)."""

from __future__ import annotations

import re
from typing import Optional

from ...terms import TermKind
from .. import date_patterns, public_references
from ..base import ENGLISH, Bounds, PatternRecognizer, body

#: a time's date after it: "10.00 a.m. on 12 March 2005" is a date
_ON_A_DATE = re.compile(r",?\s+on\s+\S")
_DAY_MONTH_YEAR = re.compile(r"(\d{1,2})([./\-])(\d{1,2})(?:\2\d{2,4})?")


def _is_calendar_date(date: str) -> bool:
    """Whether a numeric date's first two numbers are a day and a month in either order:
    "60-16-13" is a bank's sort code, no date."""
    numeric = _DAY_MONTH_YEAR.fullmatch(date)
    if numeric is None:
        return True
    first, second = int(numeric.group(1)), int(numeric.group(3))
    return 1 <= min(first, second) <= 12 and 1 <= max(first, second) <= 31


#: how far before a day its word is looked for: the longest word of an event it dates
#: ("cholecystectomy 2/3")
_LOOK_BACK = 24
#: the words that make a day alone a date, by the pattern's group
_BEFORE_A_DAY = {
    "lone_day": date_patterns.BEFORE_A_LONE_DAY,
    "day_and_month": date_patterns.BEFORE_A_DAY_AND_MONTH,
}


def _date(text: str, match: re.Match) -> Bounds:
    group = match.lastgroup
    assert group is not None  # every alternative of the date pattern is a named group
    start, end = body(match, group)
    if group == "time" and _ON_A_DATE.search(text, start, end) is None:
        return None  # a time of day alone: TIME_OF_DAY's
    if not _is_calendar_date(text[start:end]) or public_references.is_law_date(text, start, end):
        return None
    if group == "year_range" and not _is_period(text[start:end]):
        return None
    if group in _BEFORE_A_DAY:
        return (start, end) if _BEFORE_A_DAY[group].search(text, max(0, start - _LOOK_BACK), start) else None
    modifier = date_patterns.MODIFIER_BEFORE.search(text, max(0, start - 25), start)
    if modifier is not None:
        start = modifier.start()  # "early October 1997", "the end of 1981"
    context = date_patterns.CONTEXT_BEFORE.search(text, max(0, start - 25), start)
    word = context.group("context").lower() if context else None
    # "(2006, 2008)", not a reference's number "CPT/Inf (2002)8"
    bracketed = text[start - 1 : start] == "(" and text[end : end + 1] == ")" and not text[end + 1 : end + 2].isalnum()
    opens_line = not text[text.rfind("\n", 0, start) + 1 : start].strip()
    in_context = (
        _date_in_context(text[start:end], group, word, context, opens_line)
        or (group == "year_list" and date_patterns.AFTER_AN_EVENT.search(text, max(0, start - _LOOK_BACK), start))
        or (_is_month_alone(text[start:end]) and date_patterns.BEFORE_A_MONTH.search(text, max(0, start - 6), start))
    )
    if modifier is None and not bracketed and not in_context:
        return None
    if context is not None and word in ("between", "from") and date_patterns.RANGE_CONNECTOR.search(text, start, end):
        start = context.start()  # "between 1982 and 1984" is one date
    return start, end


def _is_month_alone(date: str) -> bool:
    """Whether ``date`` is a month's name alone ("June", "until February"), no figure in it."""
    return not any(char.isdigit() for char in date)


def _is_period(years: str) -> bool:
    """Whether a range of two years runs forward, within a life ("2008-2012"; not a code's
    "2012-2008" or "1850-2010")."""
    found = [int(year) for year in re.findall(r"\d{4}", years)]
    return len(found) < 2 or 0 <= found[1] - found[0] <= 100


def is_day_and_month(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` is a day and a month in figures after a word that makes
    them a date ("on 12/09"), which a case number's form would take too."""
    return (
        date_patterns.DAY_AND_MONTH.fullmatch(text, start, end) is not None
        and _is_calendar_date(text[start:end])
        and date_patterns.BEFORE_A_DAY_AND_MONTH.search(text, max(0, start - _LOOK_BACK), start) is not None
    )


def _date_in_context(date: str, group: str, word: Optional[str], context: Optional[re.Match], opens_line: bool) -> bool:
    """Whether a date without a word narrowing it down is one: a bare year needs a word
    before it ("in 2010", "the 1990s" but not "the 1998 Act"), and so does a month alone
    ("until February"; "May" is also a verb, "March" a noun). A period of years is one
    after a word too, or where it opens a line (a CV's "2013-2019  Project Engineer")."""
    if group == "year_range":
        return context is not None or opens_line
    if group == "year_list":
        return context is not None and (context.group("article") is None or date.endswith("0s"))
    if _is_month_alone(date):
        return word is not None and word not in ("of", "year", "years")
    return True


DATE = PatternRecognizer(
    "date",
    TermKind.DATE,
    date_patterns.DATE,
    _date,
    summary="12 March 2005, between 1982 and 1984, in 2010, early October 1997, 10.00 a.m. on 3 May 2001",
    languages=ENGLISH,
)


def _time_of_day(text: str, match: re.Match) -> Bounds:
    start, end = body(match)
    return None if date_patterns.ON_A_DATE.match(text, end) else (start, end)  # with its date: the date's


#: a time of day alone: a quasi-identifier of little weight (HIPAA's Safe Harbor lists none),
#: a kind of its own so that a policy may keep it where it masks dates
TIME_OF_DAY = PatternRecognizer(
    "time_of_day",
    TermKind.TIME,
    date_patterns.TIME_OF_DAY,
    _time_of_day,
    summary="22:30, 10 a.m., 4pm, 10:00 to 11:30",
    languages=ENGLISH,
)
