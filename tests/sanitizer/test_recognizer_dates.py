"""Dates and times of day (recognizers/universal/dates.py): one span each, without the
words around it; a time with its date is the date; bare years, month names and numbers
need a context, and a numeric date a day and a month."""

from __future__ import annotations

import pytest

from ic_sanitizer.terms import TermKind
from tests.sanitizer.recognizer_cases import _found


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The hearing took place on 12 March 2005 in Ankara.", ["12 March 2005"]),
        ("On 7 January 2021 Bagbin was elected.", ["7 January 2021"]),
        ("In 2010 he moved. In 2012 he left.", ["2010", "2012"]),
        ("He was born 1957 in Leeds.", ["1957"]),
        ("It happened in the 1990s.", ["1990s"]),
        ("Hearings were held on 16 and 17 April 1997.", ["16 and 17 April 1997"]),
        ("They met in March, April and June 1989.", ["March, April and June 1989"]),
        ("He was detained between 1982 and 1984 without trial.", ["between 1982 and 1984"]),
        ("The trial ran from 1 to 5 May 2003.", ["from 1 to 5 May 2003"]),
        ("Letters of 17 May, 3 June and 10 September 1999 followed.", ["17 May, 3 June and 10 September 1999"]),
        ("On 5 May 2001, 6 June 2002 they wrote.", ["5 May 2001", "6 June 2002"]),
        ("It lasted 31 January to 6 March 2001.", ["31 January to 6 March 2001"]),
        ("It was held 12\u201313 November 1992.", ["12\u201313 November 1992"]),
        ("Signed on 12.03.2005 and 2005-03-12.", ["12.03.2005 and 2005-03-12"]),
        ("Signed on 12/03/2005.", ["12/03/2005"]),
        ("On March 12, 2005 he left.", ["March 12, 2005"]),
        ("On the 27th day of September 1996 it ended.", ["27th day of September 1996"]),
        ("In early October 1997 the court sat.", ["early October 1997"]),
        ("From the end of 1981 he worked.", ["end of 1981"]),
        ("It began in the mid-1980s.", ["mid-1980s"]),
        ("He stayed until February.", ["February"]),
        (
            "He was seen between 1.28 p.m. and 2.00 p.m. on 20 July 1996, alone.",
            ["between 1.28 p.m. and 2.00 p.m. on 20 July 1996"],
        ),
        ("On 19 July 1996 at 9.30 a.m., he left.", ["19 July 1996 at 9.30 a.m."]),
        ("I rang on the 15th and again by the 3rd, from the 17th.", ["15th", "3rd", "17th"]),
        ("It is on the 15th floor, in the 3rd round, on the 15th-century wall.", []),
        ("It was taken on 12/09 and due by 3/10.", ["12/09", "3/10"]),
        ("Add 3/4 of the flour, not 1/3, from 2 to 3.", []),
        ("She was named to the team (2006, 2010) and wrote Salt Roads (2019).", ["2006, 2010", "2019"]),
    ],
    ids=[
        "day-month-year",
        "name-after-date-stays-out",
        "issue-years-in-context",
        "born",
        "decade",
        "coordinated-days",
        "coordinated-months",
        "year-range",
        "day-range-with-from",
        "list-sharing-a-year",
        "comma-list-of-full-dates",
        "range-across-months",
        "en-dash-range",
        "numeric-and-iso",
        "slashed",
        "month-first",
        "ordinal-day-of",
        "early",
        "end-of",
        "mid-decade",
        "month-after-until",
        "time-range-on-date",
        "date-at-time",
        "day-of-the-month-alone-after-on-the",
        "a-rank-is-no-day",
        "day-and-month-in-figures-after-on",
        "a-fraction-is-no-day-and-month",
        "years-in-brackets",
    ],
)
def test_dates_are_one_span_each_without_adjacent_words(text, expected):
    assert _found(text) == [(date, TermKind.DATE) for date in expected]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("They left at 14:30.", ["14:30"]),
        ("At approximately 23:40 hrs I saw him; at 09:30h he left.", ["23:40 hrs", "09:30h"]),
        ("Pain relief given at 10 a.m. and again at 4pm.", ["10 a.m.", "4pm"]),
        ("Visiting from 10:00 to 11:30 only.", ["10:00 to 11:30"]),
    ],
    ids=["clock", "clock-with-hours-mark", "morning-and-afternoon", "range"],
)
def test_a_time_of_day_alone_is_a_time(text, expected):
    assert _found(text) == [(time, TermKind.TIME) for time in expected]


@pytest.mark.parametrize(
    "text, date",
    [
        ("On 19 July 1996 at 9.30 a.m., he left.", "19 July 1996 at 9.30 a.m."),
        ("At 10.00 a.m. on 3 May 2001 he left.", "10.00 a.m. on 3 May 2001"),
    ],
    ids=["date-then-time", "time-then-date"],
)
def test_a_time_with_its_date_is_the_date(text, date):
    assert _found(text) == [(date, TermKind.DATE)]


@pytest.mark.parametrize(
    "text",
    [
        "The 1998 Act applies.",
        "Under the Human Rights Act 1998 it applies.",
        "May I ask the court?",
        "The march of the Queen of May.",
        "He paid 2000 of them.",
        "See report CPT/Inf (2002)8 of the committee.",
    ],
    ids=[
        "year-as-part-of-a-name",
        "act-year",
        "may-the-verb",
        "month-names-without-context",
        "count",
        "a-reference-s-bracketed-year",
    ],
)
def test_numbers_and_month_names_without_context_are_not_dates(text):
    assert TermKind.DATE not in {kind for _, kind in _found(text)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Seen 3rd of march in the clinic.", "3rd of march"),
        ("i returned it on 12th oct, thanks", "12th oct"),
        ("we met on 14 october 2023 at the shop", "14 october 2023"),
        ("seen again jun 14th in clinic", "jun 14th"),
        ("his wife died in march 2019.", "march 2019"),
        ("born 14 march 1958, she trained in leeds", "14 march 1958"),
        ("may 2020 was the last visit", "may 2020"),
    ],
)
def test_a_month_in_lower_case_by_a_day_or_before_a_year_is_a_date(text, expected):
    assert (expected, TermKind.DATE) in _found(text)


@pytest.mark.parametrize("text", ["all 12 may come to the party", "the 3 march together", "give 2 jan a call"])
def test_a_month_in_lower_case_that_is_also_a_word_needs_an_ordinal_day(text):
    assert TermKind.DATE not in {kind for _, kind in _found(text)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Pay to sort code 60-16-13 today.", [("60-16-13", TermKind.CODE)]),  # no day 60, no month 16
        ("Seen on 03/25/2024, then 31.12.2020.", [("03/25/2024", TermKind.DATE), ("31.12.2020", TermKind.DATE)]),
        ("Ref 45-67-89 only.", [("45-67-89", TermKind.CODE)]),
    ],
    ids=["sort-code", "dates-either-order", "numbers-that-are-no-date"],
)
def test_a_numeric_date_needs_a_day_and_a_month(text, expected):
    assert _found(text) == expected


@pytest.mark.parametrize(
    "text, date",
    [("HPI: presented to ED 1/3 after a fall.", "1/3"), ("seen 12/2 by ortho", "12/2"), ("PT ADMITTED 2/14", "2/14")],
)
def test_a_day_and_a_month_after_what_a_record_dates_is_a_date(text, date):
    assert (date, TermKind.DATE) in _found(text)


def test_a_fraction_is_no_date():
    assert _found("give 1/2 tab at bedtime") == []


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Call me after 5 pm on Tuesday.", ("5 pm", TermKind.TIME)),
        ("At 11 p.m. on the same day he left.", ("11 p.m.", TermKind.TIME)),
        ("He was arrested at 10 a.m. on 3 May 2001.", ("10 a.m. on 3 May 2001", TermKind.DATE)),
    ],
    ids=["on-a-weekday", "on-the-same-day", "on-a-date"],
)
def test_a_time_before_on_and_no_date_is_a_time_of_its_own(text, expected):
    assert expected in _found(text)


@pytest.mark.parametrize(
    ("text", "period"),
    [
        ("MEng, University of Leeds (2008-2012), first-class honours", "2008-2012"),
        ("EXPERIENCE\n2019-present  Senior Engineer, Leeds", "2019-present"),
        ("2013 - 2019  Project Engineer, Manchester", "2013 - 2019"),
        ("She taught there in 2001-2005 and then left.", "2001-2005"),
    ],
    ids=["in-brackets", "opening-a-line-still-open", "opening-a-line-spaced", "after-a-word-of-time"],
)
def test_a_period_of_years_with_a_hyphen_is_a_date(text, period):
    assert (period, TermKind.DATE) in _found(text)


@pytest.mark.parametrize(
    "text",
    ["Sales rose 2008-2012 units a year.", "Quote the code 2012-2008 on the form.", "1850-2010 estates were sold."],
    ids=["no-context", "running-backwards", "longer-than-a-life"],
)
def test_two_years_with_a_hyphen_need_a_period_and_a_place_to_be_a_date(text):
    assert TermKind.DATE not in {kind for _, kind in _found(text)}


@pytest.mark.parametrize(
    "text, expected",
    [("She has lived in Ohio since last June.", "June"), ("It expires next March.", "March")],
)
def test_a_month_alone_after_last_or_next_is_a_date(text, expected):
    assert (expected, TermKind.DATE) in _found(text)


def test_the_words_before_a_month_do_not_make_a_count_a_year():
    assert TermKind.DATE not in {kind for _, kind in _found("The next 2000 years will tell.")}
