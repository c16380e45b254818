from __future__ import annotations

import pytest

from ic_sanitizer.extraction.candidates import find_candidate_spans
from ic_sanitizer.extraction.common_acronyms import is_common_acronym
from ic_sanitizer.extraction.name_spans import name_spans
from ic_sanitizer.extraction.name_types import name_kind
from ic_sanitizer.lang.name_lexicons import fold, given_names, place_names
from ic_sanitizer.terms import TermKind

from .conftest import names_by_text

PERSON, ORGANISATION, LOCATION, DEMONYM, NAME = (
    TermKind.PERSON,
    TermKind.ORGANISATION,
    TermKind.LOCATION,
    TermKind.DEMONYM,
    TermKind.NAME,
)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The applicant, Mr John Brown, was heard.", {"Mr John Brown": PERSON}),
        ("Mr White is a British national.", {"Mr White": PERSON, "British": DEMONYM}),
        ("He was represented by Mr J. Scott, a lawyer practising in York.", {"Mr J. Scott": PERSON, "York": LOCATION}),
        ("She wrote to S. Esmer about it.", {"S. Esmer": PERSON}),
        ("Mrs G. and Mr S. attended the hearing.", {"Mrs G.": PERSON, "Mr S.": PERSON}),
        ("The case was heard by Dr Price and K in 2001.", {"Dr Price": PERSON, "K": PERSON}),
        ("The case concerned X and Y, two brothers.", {"X": PERSON, "Y": PERSON}),
        (
            "It was judged by Lord Justice Kennedy and the Lord Chief Justice.",
            {"Lord Justice Kennedy": PERSON, "Lord Chief Justice": NAME},
        ),
        ("He appealed to the Court of Cassation.", {"Court of Cassation": ORGANISATION}),
        ("He was tried by the Izmir State Security Court.", {"Izmir State Security Court": ORGANISATION}),
        ("He wrote to the Ministry of Justice.", {"Ministry of Justice": ORGANISATION}),
        (
            "He left the Court and the Ministry of Justice.",
            {"Court": ORGANISATION, "Ministry of Justice": ORGANISATION},
        ),
        ("He joined Serco Ltd in 2003.", {"Serco Ltd": ORGANISATION}),
        (
            "It was named Cosmesin Laboratorieprodukter A/S in 1985.",
            {"Cosmesin Laboratorieprodukter A/S": ORGANISATION},
        ),
        ("He worked for Statoil AS in Oslo.", {"Statoil AS": ORGANISATION, "Oslo": LOCATION}),
        ("He worked in London as a waiter.", {"London": LOCATION}),
        (
            "He moved from Florida to London, then to Ankara and Lublin.",
            {"Florida": LOCATION, "London": LOCATION, "Ankara": LOCATION, "Lublin": LOCATION},
        ),
        ("She visited Bosnia and Herzegovina.", {"Bosnia and Herzegovina": LOCATION}),
        ("He was born in Bagbinville.", {"Bagbinville": LOCATION}),
        ("He lives in Stevenston, Scotland.", {"Stevenston": LOCATION, "Scotland": LOCATION}),
        ("The Turkish, Cypriot and Polish delegates met.", {"Turkish": DEMONYM, "Cypriot": DEMONYM, "Polish": DEMONYM}),
        ("He is a Greek Cypriot.", {"Greek Cypriot": DEMONYM}),
        ("He is a Catholic.", {"Catholic": DEMONYM}),
        ("He relied on the European Convention.", {"European Convention": NAME}),
        ("He met Christian Dupont yesterday.", {"Christian Dupont": PERSON}),
        ("Address: 12 Baker Street, London NW1 6XE.", {"Baker Street": LOCATION, "London NW1": LOCATION}),
        ("An MRI and an ECG were ordered by his GP.", {}),
        ("The FBI wrote to NATO and the BNP.", {"FBI": ORGANISATION, "NATO": ORGANISATION, "BNP": ORGANISATION}),
        ("Dear Mr Smith, thank you.", {"Mr Smith": PERSON}),
        ("Hello Anna, thanks.", {"Anna": PERSON}),
        ("Thanks Tom for the file.", {"Tom": PERSON}),
        ("She attends St Mary's Primary School.", {"St Mary's Primary School": ORGANISATION}),
        (
            "Detective Constable Laura Mills of South Yorkshire Police said so.",
            {"Detective Constable Laura Mills": PERSON, "South Yorkshire Police": ORGANISATION},
        ),
        ("He was represented by Lord Rodger of Earlsferry.", {"Lord Rodger of Earlsferry": PERSON}),
        ("My husband Graham works at the Royal Infirmary.", {"Graham": PERSON, "Royal Infirmary": ORGANISATION}),
        ("PC Daniel Hughes and DCI Smith attended.", {"PC Daniel Hughes": PERSON, "DCI Smith": PERSON}),
        (
            "He lived in Patrickswell, Co. Limerick, and worked for Jones & Co. Then he left.",
            {"Patrickswell": LOCATION, "Co. Limerick": LOCATION, "Jones & Co.": ORGANISATION},
        ),
        ("She lived in Ballina, County Mayo, all her life.", {"Ballina": LOCATION, "County Mayo": LOCATION}),
        ("He sang at St Muredach's Cathedral.", {"St Muredach's Cathedral": ORGANISATION}),
        ("She has a degree in Analytical Chemistry.", {"Analytical Chemistry": NAME}),
        (
            "He is the son of Yaw Boateng, a schoolteacher, and Akosua Asante, a market trader.",
            {"Yaw Boateng": PERSON, "Akosua Asante": PERSON},
        ),
        ("He joined Kvaerner, a firm of engineers.", {"Kvaerner": NAME}),
        ("I left the keys with Oduya, my neighbour, on Friday.", {"Oduya": PERSON}),
        # a form's columns part names; its next field's label opens the field, no name
        ("The pupil is Oliver Nwosu   Form 9RH.", {"Oliver Nwosu": PERSON}),
        ("John  Smith came.", {"John  Smith": PERSON}),
        ("Ask the Major Collision Enquiry Team.", {"Major Collision Enquiry Team": ORGANISATION}),
    ],
    ids=[
        "title-inside",
        "title-and-demonym",
        "initial-and-place",
        "initial-without-title",
        "title-and-initial",
        "two-persons-across-and",
        "two-letters-across-and",
        "office-title-before-name-not-role",
        "court-of",
        "court-with-place-inside",
        "ministry-of",
        "two-organisations-across-and-the",
        "legal-form",
        "nordic-legal-form-with-slash",
        "legal-form-that-is-a-word-in-capitals",
        "as-after-a-place-is-no-legal-form",
        "places-split-at-and",
        "place-with-and-in-its-name",
        "born-in",
        "place-then-its-country",
        "demonyms",
        "two-word-demonym",
        "religion",
        "european-convention-is-no-demonym",
        "christian-as-given-name",
        "a-postcode-half-names-nothing",
        "acronyms-of-common-nouns-name-nothing",
        "acronyms-of-organisations",
        "greeting-outside-the-name",
        "greeting-before-a-name-that-is-also-a-town",
        "thanks-before-a-name",
        "possessive-inside-an-organisation-whose-head-comes-later",
        "office-titled-person-then-of-organisation",
        "peer-s-territorial-title",
        "relative-named-after-the-word-for-them",
        "police-ranks-written-short",
        "county-after-a-place-not-a-company",
        "county-before-its-name",
        "a-saint-s-cathedral",
        "a-field-after-in-is-no-place",
        "described-by-a-trade-in-apposition",
        "a-firm-in-apposition-is-no-person",
        "a-companion-in-apposition-is-a-person",
        "a-form-s-columns-part-names",
        "a-double-space-is-a-slip",
        "a-team",
    ],
)
def test_name_spans_have_their_kind(extractor, text, expected):
    assert names_by_text(text, extractor) == expected


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Dr Price’s wife was heard.", "Dr Price"),
        ("Dr Price's wife was heard.", "Dr Price"),
        ("They were sued by “K”, a former patient.", "K"),
        ('They were sued by "Mr Benham" in 1990.', "Mr Benham"),
    ],
    ids=["curly-possessive", "straight-possessive", "curly-quotes", "straight-quotes"],
)
def test_possessives_and_quotes_stay_outside_the_name(extractor, text, expected):
    assert expected in names_by_text(text, extractor)
    assert not any(mark in name for name in names_by_text(text, extractor) for mark in "’'“”\"")


def test_a_run_of_capitalized_words_longer_than_any_name_is_cut_into_names_that_cover_it(extractor):
    from ic_sanitizer.extraction.name_spans import _LONGEST_RUN

    text = " ".join(["Kowalski"] * 100) + " refused."
    spans = sorted((span.start, span.end) for sentence in extractor.analyze(text) for span in name_spans(sentence))
    assert max(len(text[start:end].split()) for start, end in spans) <= _LONGEST_RUN
    covered = {i for start, end in spans for i in range(start, end)}
    assert all(i in covered for i, ch in enumerate(text[: text.index(" refused")]) if ch != " ")


def test_a_possessive_inside_an_organisation_name_stays_inside(extractor):
    assert names_by_text("He appeared before the Aydın Magistrate’s Court.", extractor) == {
        "Aydın Magistrate’s Court": ORGANISATION
    }


@pytest.mark.parametrize(
    "text, organisation",
    [
        ("He studied at the London School of Economics.", "London School of Economics"),
        ("She trained at the Jordan College of Music.", "Jordan College of Music"),
    ],
)
def test_an_organisation_s_head_after_a_given_name_goes_on_across_of(extractor, text, organisation):
    assert names_by_text(text, extractor) == {organisation: ORGANISATION}


def test_a_name_never_swallows_the_date_before_it(extractor):
    names = names_by_text("On 7 January 2021 Bagbin left the country.", extractor)
    assert "January" not in " ".join(names)
    assert "Bagbin" in names


@pytest.mark.parametrize(
    "text",
    [
        "Police officers arrested him at dawn.",
        "Subsequently, he left the country.",
        "Price rises were discussed.",
    ],
    ids=["head-word", "adverb", "common-noun-also-a-surname"],
)
def test_a_sentence_initial_ordinary_word_is_not_a_name(extractor, text):
    assert names_by_text(text, extractor) == {}


def test_a_section_letter_is_not_an_initial(extractor):
    assert names_by_text("C. Proceedings on appeal\n\nThe applicant appealed.", extractor) == {}


def test_initials_split_off_by_the_sentence_splitter_are_joined_back(extractor):
    names = names_by_text(
        "For the Commission Mr J. A. Frowein, Delegate; Mr S.K. Martens and Mr L.-E. Pettiti.", extractor
    )
    assert {"Mr J. A. Frowein", "Mr S.K. Martens", "Mr L.-E. Pettiti"} <= set(names)
    assert all(names[name] is PERSON for name in ("Mr J. A. Frowein", "Mr S.K. Martens", "Mr L.-E. Pettiti"))


def test_a_sentence_after_initials_still_ends_there(extractor):
    sentences = extractor.analyze("He lives in the U.S. The court held a hearing.")
    assert len(sentences) == 2


def test_a_person_named_elsewhere_in_the_document_is_a_person_everywhere(extractor):
    text = "Dr Price was heard on Monday. The court then heard Price and wrote to K, and K claimed damages."
    spans = [(text[span.start : span.end], span.kind) for span in find_candidate_spans(text, extractor.analyze(text))]
    assert [kind for name, kind in spans if name in ("Dr Price", "Price", "K")] == [PERSON] * 4


def test_a_list_of_surnames_after_a_person_is_a_list_of_persons(extractor):
    names = names_by_text("The Chamber was composed of Judges Raimondi, Nicolaou, Bianku and Mahoney.", extractor)
    assert all(names[surname] is PERSON for surname in ("Nicolaou", "Bianku", "Mahoney"))


@pytest.mark.parametrize(
    "tokens, preceding, following, kind",
    [
        (["Mr", "John", "Brown"], [], [], PERSON),
        (["Price"], [], [], NAME),
        (["Bagbin"], ["the", "applicant", ","], [], PERSON),
        (["Bagbin"], ["represented", "by"], [], PERSON),
        (["Bagbin"], ["was", "born", "in"], [], LOCATION),
        (["Maxwell"], ["case", "of"], ["v.", "the"], PERSON),
        (["K"], [], ["claimed", "damages"], PERSON),
        (["K"], ["Class"], [], NAME),
        (["Tugendhat", "J"], [], [], PERSON),
        (["Sergeant", "Gamble"], [], [], PERSON),
        (["BNP"], [], [], ORGANISATION),
        (["FACTS"], [], [], NAME),
        (["House", "of", "Lords"], [], [], ORGANISATION),
        (["Human", "Rights", "Building"], [], [], LOCATION),
        (["County", "of", "Stockholm"], [], [], LOCATION),
        (["Christian"], [], [], DEMONYM),
        (["European"], [], [], DEMONYM),
        (["April"], [], [], NAME),
        (["April", "Jones"], [], [], PERSON),
        (["Sir", "Alan", "Brecon", "KCMG"], [], [], PERSON),
    ],
    ids=[
        "title",
        "surname-alone",
        "applicant-comma",
        "represented-by",
        "born-in",
        "case-party",
        "letter-as-subject",
        "letter-as-label",
        "judge-post-nominal",
        "rank",
        "acronym",
        "heading-in-capitals",
        "house-of",
        "place-head-word",
        "place-head-before-of",
        "religion-alone",
        "continent-adjective",
        "month-alone",
        "month-as-given-name",
        "knight-s-post-nominal",
    ],
)
def test_name_kind_table(tokens, preceding, following, kind):
    assert name_kind(tokens, preceding, following) is kind


def test_word_lists_fold_accents_and_load_once():
    assert fold("İzmir") == fold("Izmir") == "izmir"
    assert "izmir" in place_names() and "lublin" in place_names()
    assert place_names() is place_names() and given_names() is given_names()
    # An ordinary word is no given name unless it is a common name somewhere.
    assert "justice" not in given_names() and "john" in given_names()
    # A one-word city that is an ordinary word is no place.
    assert "nice" not in place_names() and "police" not in place_names()


@pytest.mark.parametrize(
    "token, common",
    [
        ("MRI", True),
        ("ECG", True),
        ("GP", True),
        ("DNA", True),
        ("NATO", False),
        ("FBI", False),
        ("IRA", False),
        ("CT", False),
        ("ICU", False),
        ("III", False),
        ("Mri", False),
    ],
    ids=[
        "mri",
        "ecg",
        "gp",
        "dna",
        "nato-an-organisation",
        "fbi-a-group",
        "ira-also-a-named-group",
        "ct-also-a-state",
        "icu-a-unit",
        "roman-numeral",
        "only-as-written",
    ],
)
def test_common_acronyms_are_those_wordnet_knows_only_as_common_nouns(token, common):
    assert is_common_acronym(token) is common


@pytest.mark.parametrize(
    "text, expected",
    [
        ("He was charged under the Criminal Code and the Lustration Act.", {"Criminal Code", "Lustration Act"}),
        ("Article 5 of the Code of Criminal Procedure applied.", {"Code of Criminal Procedure"}),
    ],
)
def test_a_statutes_name_is_a_public_reference(extractor, text, expected):
    kinds = names_by_text(text, extractor)
    assert {name for name, kind in kinds.items() if kind is TermKind.PUBLIC_REFERENCE} == expected


def test_a_person_named_like_a_statute_is_a_person(extractor):
    assert names_by_text("The actor Jude Law and the Martial Law Court.", extractor) == {
        "Jude Law": TermKind.PERSON,
        "Martial Law Court": TermKind.ORGANISATION,
    }


def test_a_statutes_head_alone_is_a_public_reference_only_before_its_date_or_number(extractor):
    text = "Under the Law of 5 May 1990 and Decree no. 12 he appealed. Then Law said no."
    spans = [(text[s.start : s.end], s.kind) for sentence in extractor.analyze(text) for s in name_spans(sentence)]
    assert spans[:2] == [("Law", TermKind.PUBLIC_REFERENCE), ("Decree", TermKind.PUBLIC_REFERENCE)]
    assert spans[2][0] == "Law" and spans[2][1] is not TermKind.PUBLIC_REFERENCE  # the surname stays a name


@pytest.mark.parametrize(
    "following, kind",
    [
        ([",", "Scotland"], LOCATION),  # a place, then its country
        ([",", "New", "South", "Wales"], LOCATION),  # a region of several words
        ([",", "Northern", "Rail", "Data"], NAME),  # "Northern" alone names regions; the employer does not
    ],
)
def test_a_name_before_a_comma_is_a_place_when_all_of_what_follows_names_a_region(following, kind):
    assert name_kind(["Brackwell"], [], following) is kind


def test_a_regional_people_is_a_demonym_and_no_organisation_s_short_name(extractor):
    text = "She is a Scottish marine biologist. In 1986 she joined the Scottish Association for Marine Science in Oban."
    kinds = names_by_text(text, extractor)
    assert kinds["Scottish"] is DEMONYM
    assert kinds["Scottish Association for Marine Science"] is ORGANISATION


@pytest.mark.parametrize(
    "text, name, kind",
    [
        ("He is a retired schoolteacher from Quincy, MA with a history of diabetes.", "MA", LOCATION),
        ("Echo showed EF 25-30% with moderate MR and a small PFO.", "MR", NAME),  # a finding, no body
        ("He was a member of the BNP in 1990.", "BNP", ORGANISATION),  # an acronym alone: a body
        # a specialty: an everyday word, no name of anyone's
        ("Attending: Dr. Priya Raman, Cardiology\nHistory: seen on the ward.", "Cardiology", None),
    ],
    ids=["a-state-s-code-after-its-town", "an-acronym-after-a-finding-s-degree", "an-acronym-alone", "a-specialty"],
)
def test_what_a_record_writes_beside_a_name_takes_its_own_kind(extractor, text, name, kind):
    assert names_by_text(text, extractor).get(name) is kind
