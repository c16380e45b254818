"""Span cleaning (recognizers/span_cleaning.py): ``clean_span`` trims a span's edges to
the rule (whitespace, a sentence's full stop, brackets and quotes that do not belong to
it), returns None for nothing but edges, and what it returns is clean (``is_clean_span``)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ic_sanitizer.recognizers.span_cleaning import clean_span, is_clean_span


@pytest.mark.parametrize(
    "text, given, expected",
    [
        ("pursuant to 36110/97. They", "36110/97. ", "36110/97"),
        ("  spaced out  ", "  spaced out  ", "spaced out"),
        (
            "European Commission of Human Rights (",
            "European Commission of Human Rights (",
            "European Commission of Human Rights",
        ),
        ("John Harding Price (“Dr Price”)", "John Harding Price (", "John Harding Price"),
        ("(“the Commission”).", "Commission”).", "Commission"),
        ("the “applicant” said", "“applicant”", "applicant"),
        ("(no. 36244/06)", "(no. 36244/06)", "no. 36244/06"),
        ("[2008] EWHC 860 (QB)", "[2008] EWHC 860 (QB)", "[2008] EWHC 860 (QB)"),
        ("six months’ imprisonment", "six months’ ", "six months"),
        ("12 Baker St., London", "12 Baker St.", "12 Baker St."),
        ("12 Baker St. The", "12 Baker St.", "12 Baker St"),
        ("met Mr S. He", "Mr S.", "Mr S"),
        ("Mr S. said so", "Mr S.", "Mr S."),
        ("at 2 p.m., he", "2 p.m.", "2 p.m."),
        ("- K-12/2001,", "- K-12/2001,", "K-12/2001"),
        ("Smith's car", "Smith's", "Smith's"),
        ("about 5'10\", white", "5'10\"", "5'10\""),
        ('he said "aged 16"', 'aged 16"', "aged 16"),
    ],
    ids=[
        "sentence-full-stop",
        "whitespace",
        "open-bracket",
        "name-and-bracket",
        "closing-quote-and-bracket",
        "enclosing-quotes",
        "enclosing-brackets",
        "balanced-brackets-at-edges",
        "possessive-apostrophe",
        "abbreviation-before-comma",
        "abbreviation-ending-a-sentence",
        "initial-ending-a-sentence",
        "initial-inside-a-sentence",
        "abbreviation-inside-a-sentence",
        "separators",
        "possessive-inside",
        "inch-mark-of-a-height",
        "closing-quote-after-a-figure",
    ],
)
def test_clean_span_trims_edges_to_the_rule(text, given, expected):
    start = text.index(given)
    cleaned = clean_span(text, start, start + len(given))
    assert cleaned is not None and text[cleaned[0] : cleaned[1]] == expected
    assert is_clean_span(text, *cleaned)


@pytest.mark.parametrize(
    "text", ["", "   ", "()", "\u201c\u201d", "., ;"], ids=["empty", "spaces", "brackets", "quotes", "punctuation"]
)
def test_clean_span_of_nothing_but_edges_is_none(text):
    assert clean_span(text, 0, len(text)) is None


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=60), st.data())
def test_clean_span_returns_a_clean_span_inside_the_one_given(text, data):
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    cleaned = clean_span(text, start, end)
    if cleaned is not None:
        assert start <= cleaned[0] < cleaned[1] <= end
        assert is_clean_span(text, *cleaned)
