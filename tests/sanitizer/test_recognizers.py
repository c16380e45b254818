"""The recognizers together (each one is tested in its own test_recognizer_<module>.py):
the issue's examples found with their kinds, overlapping recognitions merged into the
most specific kind, the candidates taking their identifiers from the recognizers, and
every recognized span clean and inside the text."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ic_sanitizer.extraction.candidates import find_candidate_spans
from ic_sanitizer.recognizers import identifier_spans
from ic_sanitizer.recognizers.span_cleaning import is_clean_span
from ic_sanitizer.terms import TermKind
from tests.sanitizer.recognizer_cases import _found


def test_the_issue_examples_are_recognized_with_their_kinds():
    text = (
        "In 2010 the applicant moved to Leeds. In 2012 he married. He is 34 years old. "
        "Write to john.brown@example.com or call +44 20 7946 0958. On 7 January 2021 Bagbin spoke."
    )
    assert _found(text) == [
        ("2010", TermKind.DATE),
        ("2012", TermKind.DATE),
        ("34 years old", TermKind.AGE),
        ("john.brown@example.com", TermKind.EMAIL),
        ("+44 20 7946 0958", TermKind.PHONE),
        ("7 January 2021", TermKind.DATE),
    ]


def test_overlapping_recognitions_merge_into_the_most_specific_kind():
    # "aged 34" (AGE) and "34 years" (QUANTITY) overlap: one span, the more specific kind.
    assert _found("He was aged 34 years then.") == [("aged 34 years", TermKind.AGE)]


def test_candidates_take_their_identifiers_from_the_recognizers():
    text = "Write to john.brown@example.com about 36110/97."
    assert find_candidate_spans(text, []) == identifier_spans(text)


_PIECES = st.sampled_from(
    [
        " ",
        "  ",
        "\n",
        ".",
        ". ",
        ",",
        ";",
        ":",
        "(",
        ")",
        "[",
        "]",
        "\u201c",
        "\u201d",
        "'",
        "\u2019",
        '"',
        "-",
        "\u2013",
        "/",
        "@",
        "+",
        "%",
        "\u00a3",
        "\u20ac",
        "\u00a7",
        "no.",
        "No.",
        "St.",
        "Mr",
        "S.",
        "p.m.",
        "1",
        "12",
        "2010",
        "1997",
        "36110/97",
        "0",
        "44",
        "7946",
        "0958",
        "000",
        "1,000",
        "5.5",
        "in",
        "between",
        "and",
        "to",
        "from",
        "born",
        "aged",
        "age of",
        "years",
        "old",
        "months",
        "year-old",
        "January",
        "May",
        "March",
        "early",
        "end of",
        "mid-",
        "EUR",
        "euros",
        "million",
        "per cent",
        "sq. m",
        "twenty",
        "-one",
        "three",
        "hundred",
        "Street",
        "Road",
        "Flat",
        "SW1A",
        "1AA",
        "Paris",
        "Law",
        "www.",
        "example",
        ".com",
        "http://",
        "GB82",
        "WEST",
        "K-12",
        "The",
        "applicant",
    ]
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_PIECES, max_size=40).map("".join))
def test_every_recognized_span_is_clean_and_inside_the_text(text):
    spans = identifier_spans(text)
    for span in spans:
        assert 0 <= span.start < span.end <= len(text)
        assert is_clean_span(text, span.start, span.end), text[span.start : span.end]
    assert all(a.end <= b.start for a, b in zip(spans, spans[1:]))
