"""Quasi-identifiers made of ordinary words, each a kind of its own that a policy decides:
a person's relatives and trade (WordNet's persons), ranks and records, titles of works.
Each sentence was written for the test."""

from __future__ import annotations

import pytest

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.extraction import open_extractor
from ic_sanitizer.extraction.candidates import find_candidate_spans
from ic_sanitizer.lang.en.person_roles import role_kind
from ic_sanitizer.policy import KindRule, Policy, Rule
from ic_sanitizer.terms import TermKind


def _kinds(text: str) -> dict[str, TermKind]:
    spans = find_candidate_spans(text, open_extractor("nltk").analyze(text))
    return {text[s.start : s.end]: s.kind for s in spans}


@pytest.mark.parametrize(
    "word, kind",
    [
        ("stepmother", TermKind.RELATION),
        ("Half-brothers", TermKind.RELATION),
        ("wives", TermKind.RELATION),
        ("goalkeeper", TermKind.PROFESSION),
        ("bassist", TermKind.PROFESSION),
        ("prosecutors", TermKind.PROFESSION),
        ("captain", TermKind.PROFESSION),
        ("novelist", TermKind.PROFESSION),  # writers are filed under communicator
        ("cashier", TermKind.PROFESSION),  # under financier, not worker
        ("shopkeeper", TermKind.PROFESSION),
        ("janitor", TermKind.PROFESSION),
        ("firefighters", TermKind.PROFESSION),
        ("engineer", TermKind.PROFESSION),  # engineers and scientists are filed under person itself
        ("geologist", TermKind.PROFESSION),
        ("programmers", TermKind.PROFESSION),
        ("aviators", TermKind.PROFESSION),
        ("owner", None),  # a party to a sale or a lease, as "buyer" is
        ("driver", None),  # someone at the wheel in the event told ("bus driver" is a trade by its cue)
        ("applicant", None),  # the part someone plays in the text, not who they are
        ("victim", None),
        ("neighbour", None),
        ("monitor", None),  # a screen more often than a supervising pupil
        ("domestic", None),  # mostly the adjective
        ("republican", None),  # a political opinion: a special category, not a trade
    ],
)
def test_wordnet_tells_a_relative_and_a_trade_from_other_persons(word, kind):
    assert role_kind(word) is kind


def test_a_phrase_headed_by_a_relative_or_a_trade_takes_its_kind():
    kinds = _kinds(
        "Her stepfather, a retired ski instructor, drove the applicant's two sisters to the station "
        "where the victim waited for the night porter."
    )
    assert kinds["stepfather"] is TermKind.RELATION
    assert kinds["two sisters"] is TermKind.RELATION  # the role before the number
    assert kinds["retired ski instructor"] is TermKind.PROFESSION
    assert kinds["night porter"] is TermKind.PROFESSION
    assert kinds["victim"] is TermKind.NOUN_PHRASE and kinds["station"] is TermKind.NOUN_PHRASE


def test_a_trade_before_a_name_in_apposition_keeps_its_kind():
    kinds = _kinds("She is married to the painter Jaan Sepp.")
    assert kinds["painter"] is TermKind.PROFESSION and kinds["Jaan Sepp"] is TermKind.PERSON


@pytest.mark.parametrize(
    "text, name",
    [
        ("She is the daughter of the engineer Chukwuemeka Okafor.", "Chukwuemeka Okafor"),  # unknown names
        ("The prosecutor Ivanov replied.", "Ivanov"),  # also a town
    ],
)
def test_a_name_in_apposition_to_a_trade_is_a_person(text, name):
    assert _kinds(text)[name] is TermKind.PERSON


@pytest.mark.parametrize(
    "text, trade",
    [
        ("After college she worked as a barista in a small town.", "barista"),
        ("In 2019 he was appointed chief financial officer.", "chief financial officer"),
        ("She trained as a sommelier before the war.", "sommelier"),
        ("Occupation: Bus driver\nAge: 41", "Bus driver"),  # "driver" alone is no trade
        ("Job title: night porter", "night porter"),
    ],
)
def test_a_phrase_after_the_words_that_introduce_a_trade_is_a_trade(text, trade):
    assert _kinds(text)[trade] is TermKind.PROFESSION


@pytest.mark.parametrize(
    "text, position",
    [
        ("In 2003 he became Prime Minister of Turkey.", "Prime Minister of Turkey"),
        ("2019 - present: Lead Physiotherapist, Kettering General Hospital", "Lead Physiotherapist"),
        ("The Chief Constable wrote to her.", "Chief Constable"),
    ],
)
def test_a_position_capitalized_as_a_title_is_a_trade_not_a_name(text, position):
    assert _kinds(text)[position] is TermKind.PROFESSION


def test_a_place_whose_last_word_is_a_trade_stays_a_place():
    assert _kinds("They live in Palo Alto, California.")["Palo Alto"] is TermKind.LOCATION  # an alto sings


def test_a_person_whose_surname_is_a_trade_stays_a_person():
    assert _kinds("Yesterday Tom Baker opened the shop.")["Tom Baker"] is TermKind.PERSON


def test_as_alone_does_not_make_a_trade():
    kinds = _kinds("The court regarded the letter as a threat.")
    assert kinds["threat"] is not TermKind.PROFESSION


@pytest.mark.parametrize(
    "text, rank",
    [
        ("She took third place at the regional games.", "third place"),
        ("He holds two world titles.", "two world titles"),
        ("The rower won a bronze medal.", "bronze medal"),
        ("Our club finished 2nd in the league.", "2nd"),
        ("They came second behind the hosts.", "second"),
        ("He was elected twice before retiring.", "twice"),
        ("She won the national title twice.", "twice"),
        ("He was twice capped for his country.", "twice"),
    ],
)
def test_a_rank_or_a_record_is_a_rank(text, rank):
    assert _kinds(text)[rank] is TermKind.RANK


def test_a_year_before_an_award_names_its_edition_and_is_no_rank():
    kinds = _kinds("The single won at the 2008 Nordic Music Awards, and she won two awards.")
    assert kinds["two awards"] is TermKind.RANK
    assert not any(kind is TermKind.RANK for text, kind in kinds.items() if "2008" in text)


@pytest.mark.parametrize(
    "text", ["The applicant was questioned twice by the police.", "The hearing was adjourned twice in May."]
)
def test_twice_away_from_winning_or_being_chosen_counts_anything_and_is_no_rank(text):
    assert "twice" not in _kinds(text)


def test_the_default_masks_a_record_but_not_a_count():
    with Sanitizer(Settings(use_cache=False, workers=1)) as sanitizer:
        record = sanitizer.sanitize("She won the national title twice.")
        count = sanitizer.sanitize("The applicant was questioned twice by the police.")
    assert "twice" not in record.text and "twice" in count.text


def test_an_achievement_word_without_a_rank_stays_a_noun_phrase():
    kinds = _kinds("The court read his criminal record and the title of the report first.")
    assert kinds["criminal record"] is not TermKind.RANK and kinds["title"] is not TermKind.RANK
    assert "first" not in kinds  # an ordinal is a place only after a verb of finishing


@pytest.mark.parametrize(
    "text, title",
    [
        ("In 2004 the band released the album The Quiet Harbour to mixed reviews.", "The Quiet Harbour"),
        ("Her debut novel “Salt Roads” sold well.", "Salt Roads"),
        ("He wrote the screenplay for the film Northern Lights.", "Northern Lights"),
        ("Her debut novel, The Quiet Harbour, won a prize.", "The Quiet Harbour"),  # in apposition
        ('Her memoir, "Washed Clean", was published.', "Washed Clean"),  # a verb opens it
        ("The album Running Up That Hill sold well.", "Running Up That Hill"),  # and its small words
    ],
)
def test_a_name_after_a_works_noun_is_a_title_with_its_leading_the(text, title):
    assert _kinds(text)[title] is TermKind.WORK


def test_a_title_keeps_its_number_and_an_article_that_opens_a_sentence_stays_out():
    kinds = _kinds("The Tribunal noted that she had played Starfall Odyssey 3 with Mr Ferris Quayle.")
    assert "Starfall Odyssey 3" in kinds
    assert "Tribunal" in kinds and "The Tribunal" not in kinds


def test_a_policy_that_names_only_noun_phrases_and_names_treats_ranks_and_titles_so():
    policy = Policy(
        rules={TermKind.NOUN_PHRASE: KindRule(Rule.IC, 2.0), TermKind.NAME: KindRule(Rule.ALWAYS)}, name="older"
    )
    assert policy.rule_for(TermKind.RANK) == KindRule(Rule.IC, 2.0)
    assert policy.rule_for(TermKind.WORK) == KindRule(Rule.ALWAYS)


def test_a_relative_before_a_lower_case_name_keeps_its_kind():
    kinds = _kinds("my wife sarah ordered it, but the sister company sent it.")
    assert kinds["wife"] is TermKind.RELATION and kinds["sarah"] is TermKind.PERSON
    assert kinds["sister company"] is TermKind.NOUN_PHRASE  # "company" is no name


@pytest.mark.parametrize(
    "text, age",
    [
        ("She was in her mid-twenties when she moved abroad.", "her mid-twenties"),
        ("He is in his early forties and works nights.", "his early forties"),
        ("Their teens were spent in Oslo.", "Their teens"),
    ],
)
def test_a_decade_of_someones_life_is_an_age(text, age):
    assert _kinds(text)[age] is TermKind.AGE


@pytest.mark.parametrize(
    "text, age",
    [
        ("My daughter Ines, who is 6, has eczema.", "6"),
        ("She was 15 at the time of the accident.", "15"),
        ("he's seven and loves trains", "seven"),
        ("He turned 40 in May.", "40"),
        ("my daughter is 7 and my son just turned 3.", "7"),
        ("my daughter is 7 and my son just turned 3.", "3"),
        ("so my (34f) sister in law posts pics", "34f"),
    ],
)
def test_an_age_said_of_a_person_is_an_age(text, age):
    assert _kinds(text)[age] is TermKind.AGE


@pytest.mark.parametrize(
    "text",
    ["He is 4 points behind the leader.", "She was 2,000 miles away.", "It is 12.", "My score is 7.", "Room (4F)."],
)
def test_a_count_or_a_number_said_of_a_thing_is_no_age(text):
    assert TermKind.AGE not in _kinds(text).values()


def test_a_decade_of_a_century_or_a_time_of_day_is_no_age():
    kinds = _kinds("In the twenties jazz flourished; teens gathered in the park at night.")
    assert TermKind.AGE not in kinds.values()


def test_a_weekday_is_no_name_and_a_time_is_an_abstract_phrase():
    kinds = _kinds("I can only come in on Mondays and Fridays, after the night shift.")
    assert kinds["Mondays"] is TermKind.ABSTRACT_PHRASE and kinds["Fridays"] is TermKind.ABSTRACT_PHRASE


def test_a_trade_the_tagger_reads_as_an_adverb_is_still_a_trade():
    # the perceptron tags the unseen "schoolteacher" RB after "y/o retired"
    assert _kinds("Pt is a 67 y/o retired schoolteacher from Galway.")["schoolteacher"] is TermKind.PROFESSION
