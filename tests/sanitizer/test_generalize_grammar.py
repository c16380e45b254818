"""Two hundred sentences written for this test, generalized: each reads as English where a
generalization stands (its article, its capital, nothing doubled)."""

from __future__ import annotations

import random
import re

import pytest

from ic_sanitizer import Sanitizer, Settings

PLACES = ["Leeds", "Madrid", "Poland", "Kraków", "Manchester", "Lyon", "Hamburg", "Portugal", "Glasgow", "Turin"]
ORGANISATIONS = [
    "Acme Ltd",
    "Leeds General Infirmary",
    "the University of Aberdeen",
    "Barclays Bank",
    "St Mary's Hospital",
    "the Ministry of Justice",
    "Northern Rail",
    "Kowalczyk Holdings GmbH",
    "the Royal Academy of Music",
    "Hartley Solicitors",
]
TRADES = [
    "a hockey coach",
    "an airline pilot",
    "a schoolteacher",
    "a marine biologist",
    "an accountant",
    "a fisherman",
    "a surgeon",
    "a prison officer",
    "an architect",
    "a taxi driver",
]
DATES = ["January 2011", "March 2003", "1961", "May 1998", "1984"]
COUNTS = ["three nurses", "46 surgeons", "twelve pilots", "two accountants", "200 fishermen"]
DAYS = ["4 June 2012", "21 March 2005", "1 December 1988", "17 May 1999"]
DEMONYMS = ["Somali", "Italian", "Norwegian", "Austrian", "Egyptian"]
AMOUNTS = ["EUR 5,000", "£12,500", "736,000 euros", "USD 2m", "3,000 Swiss francs"]
ADDRESSES = ["14 Oak Street, Leeds", "3 Kings Road, Glasgow", "22 Elm Avenue, Los Angeles", "Headingley, Leeds"]
TEMPLATES = [
    "Mr Jan Kowalczyk was born in {place} in {date}.",
    "{place} is where the applicant lived until {date}.",
    "She worked as {trade} at {organisation}.",
    "In {date} he moved to {place} with his family.",
    "{organisation} dismissed the applicant in {date}.",
    "The applicant, {trade}, complained to {organisation}.",
    "His brother was {trade} in {place}.",
    "Ms Maria Lindqvist joined {organisation} in {date}.",
    "{trade} from {place} gave evidence.",
    "He was ordered to pay {amount} to {organisation} in {date}.",
    "In {date} she was sentenced to three years in {place}.",
    "After {date}, {organisation} paid her nothing.",
    "{count} were employed at {organisation} in {date}.",
    "On {day} the applicant, a {demonym} national, was arrested in {place}.",
    "He was released on {day} and met an {demonym_v} lawyer in {place}.",
    "Until {date} the applicant lived at {address} with {count}.",
]


def _sentences() -> list[str]:
    """Two hundred different sentences: the templates filled in a seeded random order."""
    rng, sentences = random.Random(5), {}
    while len(sentences) < 200:
        template = TEMPLATES[len(sentences) % len(TEMPLATES)]
        sentence = template.format(
            place=rng.choice(PLACES),
            organisation=rng.choice(ORGANISATIONS),
            trade=rng.choice(TRADES),
            date=rng.choice(DATES),
            count=rng.choice(COUNTS),
            day=rng.choice(DAYS),
            demonym=rng.choice(DEMONYMS),
            demonym_v=rng.choice(["Italian", "Austrian", "Egyptian"]),
            amount=rng.choice(AMOUNTS),
            address=rng.choice(ADDRESSES),
        )
        sentences.setdefault(sentence[0].upper() + sentence[1:], None)
    return list(sentences)


_DOUBLED = re.compile(r"\b(?:a|an|the)\s+(?:a|an|the)\b", re.IGNORECASE)
#: "a" before a vowel heard as a vowel ("a European", "a university" are English)
_A_BEFORE_VOWEL = re.compile(r"\ba\s+(?!eu|uni|us[aeiu]|one\b)[aeiou]", re.IGNORECASE)
#: a day's preposition before a month, a year or a decade ("on the 2010s", "On 2012")
_ON_BEFORE_COARSER_DATE = re.compile(r"\bon\s+(?:the\s+\d{4}s|\d{4}\b|[A-Z][a-z]+\s+\d{4})", re.IGNORECASE)
_AN_BEFORE_CONSONANT = re.compile(r"\ban\s+[b-df-hj-np-tv-z]", re.IGNORECASE)


@pytest.fixture(scope="module")
def generalized():
    sentences = _sentences()
    with Sanitizer(Settings(mode="generalize", use_cache=False, workers=1)) as sanitizer:
        return list(zip(sentences, sanitizer.sanitize_many(sentences)))


def test_two_hundred_sentences_are_written_and_most_hold_a_generalization(generalized):
    assert len(generalized) == 200 and len({s for s, _ in generalized}) == 200
    with_generalization = [
        r for _, r in generalized if any(x.generalized and x.generalized.chosen for x in r.replacements)
    ]
    assert len(with_generalization) >= 150


def test_every_generalized_sentence_reads_with_its_articles_and_capitals(generalized):
    for sentence, result in generalized:
        text = result.text
        for rule in (_DOUBLED, _A_BEFORE_VOWEL, _AN_BEFORE_CONSONANT, _ON_BEFORE_COARSER_DATE):
            assert not rule.search(text), (sentence, text)
        assert text[0].isupper() or text.startswith("["), (sentence, text)
        for r in result.replacements:
            value = r.replacement
            if r.generalized is not None and r.generalized.chosen is not None:
                assert value.casefold() != r.term.casefold() and r.term.casefold() not in value.casefold()
                if r.start == 0:
                    assert value[0].isupper(), (sentence, text)
