"""Titles in a list of works (a biography's "Selected publications", "Discography"): one
title a line with its year in brackets; a career's list is no list of works."""

from __future__ import annotations

import pytest

from ic_sanitizer.recognizers.universal.works import WORK_AFTER_ITS_NOUN, WORK_IN_LIST


@pytest.mark.parametrize(
    "text, titles",
    [
        (
            "Career\n- Promoted to Senior Lecturer (2015)\n\nSelected publications\n"
            "1. Cold Currents: A Life Among Fish (2011)\n- Salt and Silence (2014)\n- notes on a harbour (2016)\n",
            ["Cold Currents: A Life Among Fish", "Salt and Silence"],
        ),
        # a short line inside the list is a part of it; a section after a blank line ends it
        (
            "Discography\nWith The Glass Orchard\n- Northern Harbour (2007)\nSolo\n- Low Tide Songs (2018)\n\n"
            "Career\n- Promoted to Senior Producer (2019)\n",
            ["Northern Harbour", "Low Tide Songs"],
        ),
        # text taken from a web page loses its bullets; title case leaves "from" in lower case
        (
            "Selected publications\nTides and Wages in the Levant (2003)\n"
            "The Copper Crisis: Lessons from Lima (2012)\n\nPersonal life\nShe lives in Lima (since 2015)\n",
            ["Tides and Wages in the Levant", "The Copper Crisis: Lessons from Lima"],
        ),
    ],
    ids=["marked-items-and-a-career-list", "sub-headings", "without-marks"],
)
def test_titles_in_a_list_of_works_are_works_and_a_career_list_is_not(text, titles):
    assert [text[start:end] for start, end in WORK_IN_LIST.find(text)] == titles


@pytest.mark.parametrize(
    "text, titles",
    [
        ("her book the quiet shelf (2012) won a prize", ["the quiet shelf"]),
        ("HER NOVEL, SALT AND SILENCE (2019), WAS SHORTLISTED", ["SALT AND SILENCE"]),
        ('a documentary called "cold currents" (2004) followed', ["cold currents"]),
        # a topic is no title, nor a phrase of the sentence
        ("she made a film about whales (1999) and a book of 2012 (2012)", []),
    ],
    ids=["lower-case", "capitals-after-a-comma", "called-in-quotes", "a-topic"],
)
def test_a_title_between_its_work_noun_and_its_year_is_a_work_in_any_case(text, titles):
    assert [text[start:end] for start, end in WORK_AFTER_ITS_NOUN.find(text)] == titles
