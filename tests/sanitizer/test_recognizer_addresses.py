"""Street addresses, postcodes and coordinates (recognizers/universal/addresses.py), in
capitals or in lower case where the writer writes so; places, decimals and numbers
without the form of an address are no location."""

from __future__ import annotations

import pytest

from ic_sanitizer.recognizers import identifier_spans
from ic_sanitizer.terms import TermKind
from tests.sanitizer.recognizer_cases import _found


@pytest.mark.parametrize(
    "text, expected",
    [
        ("He lives at 12 Baker Street, London.", ["12 Baker Street"]),
        ("Our office is at 1600 Amphitheatre Parkway, Mountain View.", ["1600 Amphitheatre Parkway"]),
        ("She moved to 42 Maple Circle last spring.", ["42 Maple Circle"]),
        ("Send it to Flat 3, 14 High Road.", ["Flat 3, 14 High Road"]),
        ("Police went to 19 New Henderson Street.", ["19 New Henderson Street"]),
        ("The office is at 12 St. Mary's Road in Leeds.", ["12 St. Mary's Road"]),
        ("London SW1A 1AA is the postcode.", ["SW1A 1AA"]),
        ("The office at 12 rue de la Paix, 75008 Paris closed.", ["12 rue de la Paix", "75008 Paris"]),
        ("He lived at ul. Marsza\u0142kowska 12 in Warsaw.", ["ul. Marsza\u0142kowska 12"]),
        ("He lived at Hauptstra\u00dfe 5, D-10115 Berlin.", ["Hauptstra\u00dfe 5", "D-10115 Berlin"]),
        ("Write to Via delle Rose 8, please.", ["Via delle Rose 8"]),
        ("She lives at Rua das Flores 12 now.", ["Rua das Flores 12"]),
        ("my address is 17 Cranbrook rd, thanks", ["17 Cranbrook rd"]),
        ("Ship to 12 Baker St. before noon.", ["12 Baker St."]),
        ("Ship to: 123 Main St, Apt 4B, Austin.", ["123 Main St, Apt 4B"]),
        ("pt lives alone at 14 Oak St Apt 3, has vna.", ["14 Oak St Apt 3"]),
        ("pt lives alone at 14 oak st apt 3, has vna.", ["14 oak st apt 3"]),
        ("The shop at 4 High St Albans Road closed.", ["4 High St Albans Road"]),
        ("Water escaped at 5 The Paddocks, Little Haywood, last night.", ["5 The Paddocks"]),
        ("Deliver to Apt 7C, 415 East 86th Street today.", ["Apt 7C, 415 East 86th Street"]),
        ("The claim for 9 Rue Victor Hugo was paid.", ["9 Rue Victor Hugo"]),
        ("He left it at 22 Elm Court instead.", ["22 Elm Court"]),
    ],
    ids=[
        "street",
        "parkway",
        "circle",
        "flat",
        "three-word-street",
        "saint-in-street",
        "uk-postcode",
        "french-street-and-postcode",
        "polish-street",
        "german-street-and-postcode",
        "italian-street-with-plural-particle",
        "portuguese-street",
        "street-type-in-lower-case",
        "st-abbreviated",
        "st-without-its-stop-and-a-unit-after",
        "st-before-a-units-word",
        "st-and-a-unit-in-lower-case",
        "st-before-a-capital-is-a-saint",
        "a-street-named-with-the-before-its-town",
        "a-unit-before-a-numbered-street",
        "french-street-capitalized",
        "a-court-after-a-house-number",
    ],
)
def test_street_addresses_and_postcodes_are_locations(text, expected):
    assert _found(text) == [(location, TermKind.LOCATION) for location in expected]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The phone was last seen at 51.5074, -0.1278 near the office.", "51.5074, -0.1278"),
        ("Pinned at (40.712776,-74.005974) on the map.", "40.712776,-74.005974"),
    ],
)
def test_coordinates_in_decimal_degrees_are_a_location(text, expected):
    assert (expected, TermKind.LOCATION) in _found(text)


@pytest.mark.parametrize(
    "text",
    ["He paid 12.500, 13.750 and 9.000 in all.", "The readings were 95.12345, 10.12345 at noon."],
    ids=["sums-with-thousands-groups", "no-latitude-above-90"],
)
def test_decimals_that_are_no_coordinates_are_no_location(text):
    assert "coordinates" not in [span.source for span in identifier_spans(text)]


@pytest.mark.parametrize(
    "text",
    [
        "The Court of Appeal sat in London.",
        "Article 8 Place of residence.",
        "In 1990 Oxford Road was closed.",
        "Under section 12 High Street trading rules apply.",
        "She planted 4 rows and 2 close to the fence.",
        "12 The Court, however, found no breach.",
        "Under Article 6 Court proceedings must be fair.",
    ],
    ids=[
        "place-name-without-number",
        "article-heading",
        "year-before-a-street",
        "section-number",
        "lower-case-street-type-without-a-name",
        "a-numbered-paragraph-opening-with-the",
        "an-article-before-a-court",
    ],
)
def test_places_without_an_address_form_are_not_locations(text):
    assert TermKind.LOCATION not in {kind for _, kind in _found(text)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("we moved to 14 elm close, swindon last month and the premium went up", "14 elm close"),
        ("can you send it to flat 2, 9 fox lane please, thanks a lot", "flat 2, 9 fox lane"),
        (
            "[09:15] Agent: Thanks Hannah. I can see it was left with a neighbour at the door.\n"
            "[09:16] Customer: there is no number 42 on our road lol. i live at 18 beech avenue\n",
            "18 beech avenue",
        ),
        ("its at my sisters place, 14 willow crescent. bring a towel", "14 willow crescent"),
        (
            "[10:03] Agent: Can you confirm the first line of your address, please?\n"
            "[10:04] Customer: 9 mill lane, hebden bridge\n",
            "9 mill lane",
        ),
    ],
    ids=[
        "before-a-comma",
        "after-a-preposition-with-a-flat",
        "a-chat-line-under-another-writer-s",
        "before-a-sentence-s-full-stop",
        "a-short-chat-line-among-another-writer-s-capitals",
    ],
)
def test_a_street_address_in_lower_case_is_a_location_where_the_writer_writes_so(text, expected):
    assert (expected, TermKind.LOCATION) in _found(text)


@pytest.mark.parametrize(
    "text",
    [
        "we drove 3 miles down the road. it was a long trip home after that",
        "the bike shop had 2 more road bikes in stock when we came back",
        "The convoy passed 14 elm close, then stopped for the night at the border.",
    ],
    ids=["function-words-inside", "no-clause-end-and-no-preposition", "text-written-with-capitals"],
)
def test_a_number_before_a_lower_case_street_type_is_no_address_otherwise(text):
    assert TermKind.LOCATION not in {kind for _, kind in _found(text)}


@pytest.mark.parametrize(
    "text, expected",
    [
        ("i moved to flat 12, 88 eastbury avenue, northwood ha6 3lp last month, thanks", "ha6 3lp"),
        ("Agent: Can you confirm your postcode?\nCustomer: sure, lakshmi, cr0 2rf\nAgent: Thanks.", "cr0 2rf"),
    ],
    ids=["in-a-lower-case-message", "on-a-short-chat-line-among-capitals"],
)
def test_a_postcode_in_lower_case_is_a_location(text, expected):
    assert (expected, TermKind.LOCATION) in _found(text)


@pytest.mark.parametrize(
    "text",
    ["my score went from grade b1 2nd time round, so fine", "the mp3 4ab file was corrupt"],
    ids=["an-ordinal-after", "letters-of-no-postcode-area"],
)
def test_letters_and_digits_in_lower_case_are_no_postcode_otherwise(text):
    assert TermKind.LOCATION not in {kind for _, kind in _found(text)}
