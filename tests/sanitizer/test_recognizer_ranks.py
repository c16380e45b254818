"""Ranks and records said outside a noun phrase: "twice" near a word of winning or being
chosen, the ordinal of "came third" or "finished in 2nd"; a count of anything else is none."""

from __future__ import annotations

import pytest

from ic_sanitizer.recognizers.base import recognized_spans
from ic_sanitizer.recognizers.pattern_tools import PAD
from ic_sanitizer.recognizers.universal.ranks import RANK


def _ranks(text: str) -> list[str]:
    return [text[start:end] for start, end in recognized_spans(RANK, text, PAD + text)]


@pytest.mark.parametrize(
    "text, rank",
    [
        ("Our club finished 2nd in the league.", "2nd"),
        ("They came second behind the hosts.", "second"),
        ("He was elected twice before retiring.", "twice"),
        ("She won the national title twice.", "twice"),
        ("He was twice capped for his country.", "twice"),
    ],
)
def test_a_place_or_a_record_is_the_word_that_counts(text, rank):
    assert _ranks(text) == [rank]


@pytest.mark.parametrize(
    "text",
    [
        "The applicant was questioned twice by the police.",
        "The hearing was adjourned twice in May.",
        "She read the second report first.",
    ],
)
def test_a_count_or_an_ordinal_away_from_winning_or_finishing_is_no_rank(text):
    assert _ranks(text) == []
