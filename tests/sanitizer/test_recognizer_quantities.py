"""Ages, amounts, durations, measures and percentages (recognizers/universal/quantities.py),
in figures or in words, including an age in brackets after a given name; counts of
things that are no units are left to the tagger."""

from __future__ import annotations

import pytest

from ic_sanitizer.terms import TermKind
from tests.sanitizer.recognizer_cases import _found


@pytest.mark.parametrize(
    "text, expected",
    [
        ("He is 34 years old.", "34 years old"),
        ("She was twenty-two years old then.", "twenty-two years old"),
        ("Her 9-year-old daughter testified.", "9-year-old"),
        ("He was aged 34 at the time.", "aged 34"),
        ("He retired at the age of 65.", "age of 65"),
        ("The child was two years of age.", "two years of age"),
        ("He arrived at the age of three.", "age of three"),
        ("A 62 y/o male veteran.", "62 y/o"),
        ("A 47yo woman.", "47yo"),
    ],
    ids=[
        "issue-example",
        "words",
        "hyphenated",
        "aged",
        "age-of",
        "years-of-age",
        "age-of-in-words",
        "clinical-y/o",
        "clinical-yo",
    ],
)
def test_ages_are_ages(text, expected):
    assert _found(text) == [(expected, TermKind.AGE)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("He claimed EUR 736,000 in damages.", ["EUR 736,000"]),
        ("He was fined \u00a35,000.", ["\u00a35,000"]),
        ("She paid 5,000 euros.", ["5,000 euros"]),
        ("The bank held SEK 6,850,000 for him.", ["SEK 6,850,000"]),
        ("A loss of 1.5 million dollars ensued.", ["1.5 million dollars"]),
        ("He received 68,000 Danish kroner (DKK).", ["68,000 Danish kroner (DKK)"]),
        ("She claimed 61,000 zlotys and GBP 1.27 million.", ["61,000 zlotys", "GBP 1.27 million"]),
        ("Taxes of 401, 515 and 397 kronor were due.", ["401, 515 and 397 kronor"]),
        ("He owed DKK 900,000 and DKK 200,000.", ["DKK 900,000", "DKK 200,000"]),
        ("Tax of 1,717 kronor for 1980 and 1,325 kronor for 1981.", ["1,717 kronor", "1,325 kronor"]),
        ("He paid five thousand euros.", ["five thousand euros"]),
    ],
    ids=[
        "code-first",
        "symbol",
        "word-after",
        "millions",
        "scale-word",
        "adjective-and-code",
        "two-amounts",
        "list-sharing-a-currency",
        "and-joins-two-amounts",
        "years-stay-out-of-lists",
        "in-words",
    ],
)
def test_sums_of_money_are_amounts(text, expected):
    assert [(found, kind) for found, kind in _found(text) if kind is not TermKind.DATE] == [
        (amount, TermKind.AMOUNT) for amount in expected
    ]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("He got twelve years and six months' imprisonment.", "twelve years and six months"),
        ("He was sentenced to three years.", "three years"),
        ("A fifteen-year sentence was imposed.", "fifteen-year"),
        ("It took two to four years.", "two to four years"),
        ("He served 9 years 9 months\u2019 imprisonment.", "9 years 9 months"),
        ("The flat measures 219.41 sq. m in all.", "219.41 sq. m"),
        ("The plot is 220 square metres.", "220 square metres"),
        ("He carried 0.5 grams of heroin.", "0.5 grams"),
        ("He spent three hundred days in custody.", "three hundred days"),
        ("Over 160 hours of tapes.", "160 hours"),
        ("He is 5'7\" tall.", "5'7\""),
        ("She is 5' 4'' tall.", "5' 4''"),
        ("She weighed 160 lbs then.", "160 lbs"),
    ],
    ids=[
        "issue-sentence",
        "duration",
        "adjectival",
        "range",
        "no-and",
        "square-metres-abbreviated",
        "square-metres",
        "grams",
        "hundreds-in-words",
        "hours",
        "feet-and-inches",
        "feet-and-inches-in-apostrophes",
        "pounds-weight",
    ],
)
def test_durations_and_measures_are_quantities(text, expected):
    assert _found(text) == [(expected, TermKind.QUANTITY)]


def test_an_em_dash_between_spaces_opens_an_aside_not_a_range():
    assert _found("It was 12 \u2014 3 weeks ago, not 5\u20147 weeks.") == [
        ("3 weeks", TermKind.QUANTITY),
        ("5\u20147 weeks", TermKind.QUANTITY),
    ]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Inflation reached 40% that year.", "40%"),
        ("It rose by 35 percent.", "35 percent"),
        ("Some 70-80 per cent agreed.", "70-80 per cent"),
        ("Only forty per cent agreed.", "forty per cent"),
    ],
    ids=["sign", "percent", "range", "in-words"],
)
def test_percentages_are_numbers(text, expected):
    assert _found(text) == [(expected, TermKind.NUMBER)]


@pytest.mark.parametrize(
    "text",
    [
        "The file ran to 1,000 pages.",
        "The applicant has three children.",
        "He had twenty-one cousins.",
        "A violation of Article 6 \u00a7 1.",
    ],
    ids=["count-of-pages", "count-of-children", "count-in-words", "article-paragraph"],
)
def test_counts_of_things_that_are_not_units_are_left_to_the_tagger(text):
    assert _found(text) == []


@pytest.mark.parametrize(
    "text, expected",
    [
        ("He played eleven seasons in the league before he retired.", "eleven seasons"),
        ("She coached the side for 3 seasons.", "3 seasons"),
    ],
)
def test_seasons_are_a_duration(text, expected):
    assert (expected, TermKind.QUANTITY) in _found(text)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("It's me and our kids Zara (9) and Tobi (4).", [("9", TermKind.AGE), ("4", TermKind.AGE)]),
        ("The applicant, Mr Ivan Petrov (45), complained.", [("45", TermKind.AGE)]),
        ("Article 8 (2) applies, and The Regulations (3) too.", []),
        ("Mr Brown (2) said so; Zara (300) did not.", []),
    ],
    ids=["children", "a-full-name", "provisions", "no-given-name-or-too-old"],
)
def test_a_number_in_brackets_after_a_given_name_is_an_age(text, expected):
    assert [(found, kind) for found, kind in _found(text) if kind is TermKind.AGE] == expected


@pytest.mark.parametrize(
    "text, expected",
    [("thats mrs patterson, shes 90 and barely opens the door", "90"), ("she's 92 now", "92")],
    ids=["a-chat-s-shes", "she-s"],
)
def test_an_age_said_of_her_without_an_apostrophe_is_an_age(text, expected):
    assert (expected, TermKind.AGE) in _found(text)
