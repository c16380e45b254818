"""The lexicon of special categories of data (GDPR art. 9 and 10): phrases, as the tokens
of a candidate, whose terms say something of that kind about a person, and look-alikes
whose words are general or used in another sense."""

from __future__ import annotations

import pytest

from ic_sanitizer.errors import ConfigurationError
from ic_sanitizer.extraction.special_categories import Category, categories_from, category_of, name_category

DISCLOSING = [
    # health
    pytest.param(["his", "diabetes"], Category.HEALTH, id="his-diabetes"),
    pytest.param(["a", "severe", "depression"], Category.HEALTH, id="a-severe-depression"),
    pytest.param(["the", "blood", "transfusion"], Category.HEALTH, id="the-blood-transfusion"),
    pytest.param(["an", "HIV", "infection"], Category.HEALTH, id="an-hiv-infection"),
    pytest.param(["the", "HIV", "-", "positive", "applicant"], Category.HEALTH, id="the-hiv-positive-applicant"),
    pytest.param(["her", "breast", "cancer"], Category.HEALTH, id="her-breast-cancer"),
    pytest.param(["the", "chemotherapy"], Category.HEALTH, id="the-chemotherapy"),
    pytest.param(["antidepressants"], Category.HEALTH, id="antidepressants"),
    pytest.param(["his", "schizophrenia"], Category.HEALTH, id="his-schizophrenia"),
    pytest.param(["a", "heart", "attack"], Category.HEALTH, id="a-heart-attack"),
    pytest.param(["the", "Covid-19", "patients"], Category.HEALTH, id="the-covid-19-patients"),
    pytest.param(["her", "pregnancy"], Category.HEALTH, id="her-pregnancy"),
    pytest.param(["an", "abortion"], Category.HEALTH, id="an-abortion"),
    pytest.param(["the", "wheelchair"], Category.HEALTH, id="the-wheelchair"),
    pytest.param(["a", "paraplegic"], Category.HEALTH, id="a-paraplegic"),
    # health, by a sense other than the first: the operation (the branch of medicine first),
    # a drug (a chemical compound first), never or seldom tagged in SemCor
    pytest.param(["his", "surgery"], Category.HEALTH, id="his-surgery"),
    pytest.param(["the", "transplant"], Category.HEALTH, id="the-transplant"),
    pytest.param(["her", "psychotherapy"], Category.HEALTH, id="her-psychotherapy"),
    pytest.param(["infliximab"], Category.HEALTH, id="infliximab"),
    pytest.param(["cannabis"], Category.HEALTH, id="cannabis"),
    pytest.param(["a", "hospice"], Category.HEALTH, id="a-hospice"),
    pytest.param(["his", "sterility"], Category.HEALTH, id="his-sterility"),
    # religion
    pytest.param(["a", "Catholic", "priest"], Category.RELIGION, id="a-catholic-priest"),
    pytest.param(["the", "Muslim", "community"], Category.RELIGION, id="the-muslim-community"),
    pytest.param(["Jehovah", "'s", "Witnesses"], Category.RELIGION, id="jehovah-s-witnesses"),
    pytest.param(["the", "mosque"], Category.RELIGION, id="the-mosque"),
    pytest.param(["an", "atheist"], Category.RELIGION, id="an-atheist"),
    pytest.param(["the", "imam"], Category.RELIGION, id="the-imam"),
    pytest.param(["his", "baptism"], Category.RELIGION, id="his-baptism"),
    pytest.param(["a", "Sikh"], Category.RELIGION, id="a-sikh"),
    pytest.param(["the", "synagogue"], Category.RELIGION, id="the-synagogue"),
    pytest.param(["the", "hijab"], Category.RELIGION, id="the-hijab"),
    pytest.param(["a", "believer"], Category.RELIGION, id="a-believer"),
    pytest.param(["the", "Islamists"], Category.RELIGION, id="the-islamists"),
    # politics
    pytest.param(["the", "Communist", "Party"], Category.POLITICS, id="the-communist-party"),
    pytest.param(["a", "socialist"], Category.POLITICS, id="a-socialist"),
    pytest.param(["an", "anarchist"], Category.POLITICS, id="an-anarchist"),
    pytest.param(["the", "separatists"], Category.POLITICS, id="the-separatists"),
    pytest.param(["fascism"], Category.POLITICS, id="fascism"),
    pytest.param(["the", "Labour", "Party"], Category.POLITICS, id="the-labour-party"),
    pytest.param(["a", "far", "-", "right", "activist"], Category.POLITICS, id="a-far-right-activist"),
    pytest.param(["the", "nationalist", "movement"], Category.POLITICS, id="the-nationalist-movement"),
    pytest.param(["a", "Marxist"], Category.POLITICS, id="a-marxist"),
    # trade_union
    pytest.param(["a", "trade", "unionist"], Category.TRADE_UNION, id="a-trade-unionist"),
    pytest.param(["the", "shop", "steward"], Category.TRADE_UNION, id="the-shop-steward"),
    pytest.param(["the", "trade", "union"], Category.TRADE_UNION, id="the-trade-union"),
    pytest.param(["union", "members"], Category.TRADE_UNION, id="union-members"),
    pytest.param(["trade-union", "membership"], Category.TRADE_UNION, id="trade-union-membership"),
    pytest.param(["a", "labour", "union"], Category.TRADE_UNION, id="a-labour-union"),
    # sex_life
    pytest.param(["a", "gay", "man"], Category.SEX_LIFE, id="a-gay-man"),
    pytest.param(["his", "homosexuality"], Category.SEX_LIFE, id="his-homosexuality"),
    pytest.param(["a", "lesbian", "couple"], Category.SEX_LIFE, id="a-lesbian-couple"),
    pytest.param(["the", "bisexual", "applicant"], Category.SEX_LIFE, id="the-bisexual-applicant"),
    pytest.param(["a", "transgender", "woman"], Category.SEX_LIFE, id="a-transgender-woman"),
    pytest.param(["her", "sexual", "relationship"], Category.SEX_LIFE, id="her-sexual-relationship"),
    pytest.param(["adultery"], Category.SEX_LIFE, id="adultery"),
    pytest.param(["the", "non-binary", "person"], Category.SEX_LIFE, id="the-non-binary-person"),
    pytest.param(["his", "bisexuality"], Category.SEX_LIFE, id="his-bisexuality"),
    # ethnic_origin
    pytest.param(["the", "Kurds"], Category.ETHNIC_ORIGIN, id="the-kurds"),
    pytest.param(["Roma", "families"], Category.ETHNIC_ORIGIN, id="roma-families"),
    pytest.param(["a", "Gypsy"], Category.ETHNIC_ORIGIN, id="a-gypsy"),
    pytest.param(["the", "Maori"], Category.ETHNIC_ORIGIN, id="the-maori"),
    pytest.param(["an", "ethnic", "minority"], Category.ETHNIC_ORIGIN, id="an-ethnic-minority"),
    pytest.param(["a", "Black", "man"], Category.ETHNIC_ORIGIN, id="a-black-man"),
    pytest.param(["the", "Caucasians"], Category.ETHNIC_ORIGIN, id="the-caucasians"),
    pytest.param(["an", "Aboriginal"], Category.ETHNIC_ORIGIN, id="an-aboriginal"),
    pytest.param(["Hispanic", "voters"], Category.ETHNIC_ORIGIN, id="hispanic-voters"),
    pytest.param(["the", "Pashtuns"], Category.ETHNIC_ORIGIN, id="the-pashtuns"),
    # criminal
    pytest.param(["a", "murderer"], Category.CRIMINAL, id="a-murderer"),
    pytest.param(["the", "theft"], Category.CRIMINAL, id="the-theft"),
    pytest.param(["his", "fraud"], Category.CRIMINAL, id="his-fraud"),
    pytest.param(["the", "rape"], Category.CRIMINAL, id="the-rape"),
    pytest.param(["a", "thief"], Category.CRIMINAL, id="a-thief"),
    pytest.param(["his", "criminal", "record"], Category.CRIMINAL, id="his-criminal-record"),
    pytest.param(["the", "applicant", "'s", "conviction"], Category.CRIMINAL, id="the-applicant-s-conviction"),
    pytest.param(["previous", "convictions"], Category.CRIMINAL, id="previous-convictions"),
    pytest.param(["the", "burglary"], Category.CRIMINAL, id="the-burglary"),
    pytest.param(["money", "laundering"], Category.CRIMINAL, id="money-laundering"),
    pytest.param(["drug", "trafficking"], Category.CRIMINAL, id="drug-trafficking"),
    pytest.param(["a", "sex", "offender"], Category.CRIMINAL, id="a-sex-offender"),
    pytest.param(["the", "forgery"], Category.CRIMINAL, id="the-forgery"),
    pytest.param(["his", "bigamy"], Category.CRIMINAL, id="his-bigamy"),
]

HARMLESS = [
    pytest.param(["the", "health"], id="the-health"),
    pytest.param(["the", "economy"], id="the-economy"),
    pytest.param(["the", "parties"], id="the-parties"),
    pytest.param(["the", "race", "for", "the", "presidency"], id="the-race-for-the-presidency"),
    pytest.param(["a", "cold", "morning"], id="a-cold-morning"),
    pytest.param(["the", "operation", "of", "the", "law"], id="the-operation-of-the-law"),
    pytest.param(["a", "union", "of", "states"], id="a-union-of-states"),
    pytest.param(["the", "crime"], id="the-crime"),
    pytest.param(["his", "religion"], id="his-religion"),
    pytest.param(["her", "faith"], id="her-faith"),
    pytest.param(["a", "third", "party"], id="a-third-party"),
    pytest.param(["the", "complaint"], id="the-complaint"),
    pytest.param(["a", "violation", "of", "Article", "8"], id="a-violation-of-article-8"),
    pytest.param(["serious", "harm"], id="serious-harm"),
    pytest.param(["Ms", "Smith"], id="ms-smith"),
    pytest.param(["the", "Minister", "of", "Justice"], id="the-minister-of-justice"),
    pytest.param(["a", "liberal", "interpretation"], id="a-liberal-interpretation"),
    pytest.param(["the", "white", "house"], id="the-white-house"),
    pytest.param(["prior", "notice"], id="prior-notice"),
    pytest.param(["the", "founder", "of", "the", "company"], id="the-founder-of-the-company"),
    pytest.param(["a", "straight", "line"], id="a-straight-line"),
    pytest.param(["his", "sex"], id="his-sex"),
    pytest.param(["democracy"], id="democracy"),
    pytest.param(["the", "collapse", "of", "the", "bank"], id="the-collapse-of-the-bank"),
    pytest.param(["from", "scratch"], id="from-scratch"),
    pytest.param(["the", "runner"], id="the-runner"),
    pytest.param(["the", "transposition", "of", "the", "directive"], id="the-transposition-of-the-directive"),
    pytest.param(["an", "anomaly"], id="an-anomaly"),
    pytest.param(["the", "15", "May", "organisation"], id="the-15-may-organisation"),
    pytest.param(["the", "applicant"], id="the-applicant"),
    pytest.param(["the", "court"], id="the-court"),
    pytest.param(["Tom"], id="tom"),
    pytest.param(["the", "organiser"], id="the-organiser"),
    # a minor sense of a common word, never or seldom tagged in SemCor
    pytest.param(["a", "dip", "in", "the", "road"], id="a-dip-in-the-road"),
    pytest.param(["the", "trash"], id="the-trash"),
    pytest.param(["a", "salad", "dressing"], id="a-salad-dressing"),
    pytest.param(["the", "gore"], id="the-gore"),
    pytest.param(["a", "superman"], id="a-superman"),
    pytest.param(["the", "speed"], id="the-speed"),
    pytest.param(["a", "miscarriage", "of", "justice"], id="a-miscarriage-of-justice"),
    pytest.param(["none", "of", "the", "applicants"], id="none-of-the-applicants"),
    pytest.param(["an", "infringement", "of", "Article", "8"], id="an-infringement-of-article-8"),
    pytest.param(["a", "cavalier", "attitude"], id="a-cavalier-attitude"),
    pytest.param(["the", "faculty", "of", "medicine"], id="the-faculty-of-medicine"),
    pytest.param(["cardiology"], id="cardiology"),
]


@pytest.mark.parametrize("words, category", DISCLOSING)
def test_a_phrase_with_a_special_category_term_has_its_category(words, category):
    assert category_of(words) is category


@pytest.mark.parametrize("words", HARMLESS)
def test_general_words_and_other_senses_have_no_category(words):
    assert category_of(words) is None


@pytest.mark.parametrize(
    "words, category",
    [
        pytest.param(["catholic", "priest"], Category.RELIGION, id="two-words-over-one"),
        pytest.param(
            ["criminal", "conviction", "for", "homosexuality"], Category.CRIMINAL, id="ties-go-to-the-leftmost"
        ),
        pytest.param(["Alzheimer", "’s", "disease"], Category.HEALTH, id="curly-possessive"),
        pytest.param(["HIV-positive"], Category.HEALTH, id="hyphenated-token"),
        pytest.param(["far", "right"], Category.POLITICS, id="hyphen-form-from-two-tokens"),
        pytest.param([], None, id="empty"),
        pytest.param(["the", "his"], None, id="determiners-only"),
    ],
)
def test_the_longest_match_wins_and_spellings_are_normalised(words, category):
    assert category_of(words) is category


def test_a_word_with_a_digit_matches_alone_only_when_curated():
    assert category_of(["covid-19"]) is Category.HEALTH
    assert category_of(["r-2"]) is None  # WordNet's street name of flunitrazepam


def test_categories_are_parsed_from_their_names():
    assert categories_from(["health", "Trade-Union"]) == {Category.HEALTH, Category.TRADE_UNION}
    assert categories_from([]) == frozenset()


def test_an_unknown_category_name_is_a_configuration_error():
    with pytest.raises(
        ConfigurationError, match=r"^`hide`: unknown category .nosuch.; known: health, religion, politics"
    ):
        categories_from(["health", "nosuch"])


@pytest.mark.parametrize(
    "name, category",
    [
        ("the Labour Party", Category.POLITICS),
        ("Party for Freedom", None),
        ("St Mary's Church", Category.RELIGION),
        ("the Article 29 Working Party", None),
        ("Finsbury Park Mosque", Category.RELIGION),
        ("Acme Holdings", None),
    ],
    ids=["party", "party-not-last", "church", "working-party", "mosque", "company"],
)
def test_an_organisations_name_takes_the_category_of_its_last_word(name, category):
    assert name_category(name) == category
