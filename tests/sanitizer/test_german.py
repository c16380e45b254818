"""German: its legal references, candidate rules, recognizers and policy, and documents routed to it under auto.

Every example is written for these tests (none is taken from LER or another corpus)."""

from __future__ import annotations

import pytest

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.extraction import open_extractor
from ic_sanitizer.lang.de.legal_references import citation_spans
from ic_sanitizer.lang.de.tokenizer import tokenize
from ic_sanitizer.policy import load_policy
from ic_sanitizer.terms import TermKind

from ..conftest import NEEDS_FAKER
from .conftest import review_page

DECISION = (
    "Die Klägerin wohnt seit dem 3. März 2011 in der Lindenallee 12a, 79098 Freiburg. Der Beklagte T. hat "
    "ihr am 14.02.2019 gekündigt. Richterin Oberhuber und Richter Dr. Wendtland haben entschieden, dass "
    "§ 14 Abs. 2 Satz 2 TzBfG anzuwenden ist (vgl. BAG, Urteil vom 6. April 2011 - 7 AZR 716/09 - Rn. 13, "
    "BAGE 137, 275; Müller-Glöge, ErfK, 19. Aufl., § 14 TzBfG Rn. 99).\n"
)


def references(text: str) -> list[str]:
    return [text[s.start : s.end] for s in citation_spans(text)]


@pytest.mark.parametrize(
    "text, reference",
    [
        ("Das folgt aus § 14 Abs. 2 Satz 2 TzBfG und nichts anderem.", "§ 14 Abs. 2 Satz 2 TzBfG"),
        ("Nach §§ 43 Abs. 1 Nr. 7c, 43a EStG gilt das.", "§§ 43 Abs. 1 Nr. 7c, 43a EStG"),
        ("Es verletzt Art. 3 Abs. 1 GG nicht.", "Art. 3 Abs. 1 GG"),
        ("Maßgeblich ist § 240 Abs 1 S 2 SGB V.", "§ 240 Abs 1 S 2 SGB V"),
        ("Sie gilt nach Art. 2 Abs. 1 der Richtlinie 2008/94/EG fort.", "Art. 2 Abs. 1 der Richtlinie 2008/94/EG"),
        (
            "So schon BGH, Urteil vom 2. Februar 2017 - 4 StR 481/16, NStZ-RR 2017, 105.",
            "BGH, Urteil vom 2. Februar 2017 - 4 StR 481/16, NStZ-RR 2017, 105",
        ),
        ("So die Rechtsprechung (BVerfGE 129, 78 <107>; 135, 155).", "BVerfGE 129, 78 <107>; 135, 155"),
        ("Ebenso im Verfahren 1 BvR 2821/11 vorgetragen.", "1 BvR 2821/11"),
        (
            "Er stützt sich darauf (Palandt/Ellenberger, BGB, 77. Aufl., § 117 Rn. 4).",
            "Palandt/Ellenberger, BGB, 77. Aufl., § 117 Rn. 4",
        ),
        ("Das regelt das Grunderwerbsteuergesetz abschließend.", "Grunderwerbsteuergesetz"),
    ],
)
def test_legal_references_are_found_whole(text, reference):
    assert reference in references(text)


def test_an_abbreviation_cited_once_is_a_reference_wherever_it_stands():
    text = "Der BFH hat das offengelassen (BFH-Urteil vom 25. April 2006 X R 57/04)."
    assert "BFH" in references(text)
    assert references("Der BFH hat das offengelassen.") == []


def test_the_tokenizer_keeps_initials_abbreviations_and_ordinals_whole():
    words = [t.text for t in tokenize("Der Zeuge K. B. sagte z. B. am 3. Mai, Abs. 2 gelte; Herr N … nicht.")]
    assert {"K.", "B.", "z. B.", "3.", "Abs.", "N …"} <= set(words)


def candidates(text: str) -> dict[str, TermKind]:
    extractor = open_extractor("nltk", "de")
    return {text[s.start : s.end]: s.kind for s in extractor.candidate_spans(text)}


def test_names_after_an_office_or_a_title_and_the_names_enumerated_after_it():
    found = candidates("Es entschieden die Richterin Oberhuber, Dr. Wendtland und Kleinschmidt gemeinsam.")
    assert {found.get(name) for name in ("Oberhuber", "Wendtland", "Kleinschmidt")} == {TermKind.PERSON}
    assert "Richterin" not in "".join(name for name, kind in found.items() if kind is TermKind.PERSON)


def test_a_letter_standing_for_a_name_but_not_a_label():
    found = candidates("Die Mail von D. an M. B. liegt als Anlage K 9 vor; der Kandidat S wohnt in O. bei Teil B 3.")
    assert found.get("D.") is TermKind.PERSON and found.get("M. B.") is TermKind.PERSON
    assert found.get("S") is TermKind.PERSON and found.get("O.") is TermKind.LOCATION
    assert TermKind.PERSON not in {found.get("K"), found.get("B"), found.get("Teil B")}


def test_a_firm_by_its_legal_form():
    assert candidates("Die Leasingobjekte gingen an die P GmbH zurück.").get("P GmbH") is TermKind.ORGANISATION


def test_a_decision_sanitized_keeps_its_citations_and_loses_its_people():
    with Sanitizer(Settings(language="de", use_cache=False, workers=1)) as sanitizer:
        result = sanitizer.sanitize(DECISION)
    for gone in ("Oberhuber", "Wendtland", " T. ", "3. März 2011", "Lindenallee", "Freiburg", "14.02.2019"):
        assert gone not in result.text, gone
    for kept in (
        "§ 14 Abs. 2 Satz 2 TzBfG",
        "BAG, Urteil vom 6. April 2011 - 7 AZR 716/09 - Rn. 13",
        "BAGE 137, 275",
        "Müller-Glöge, ErfK, 19. Aufl., § 14 TzBfG Rn. 99",
        "Richterin",
        "Dr.",
    ):
        assert kept in result.text, kept


def test_under_auto_a_german_document_goes_to_the_german_engine():
    with (
        Sanitizer(Settings(language="de", use_cache=False, workers=1)) as german,
        Sanitizer(Settings(language="auto", use_cache=False, workers=1)) as auto,
    ):
        assert auto.sanitize(DECISION).text == german.sanitize(DECISION).text


def test_review_reads_a_german_document_as_german_when_asked(tmp_path):
    assert "Oberhuber" in review_page(
        tmp_path, DECISION, "--language", "de"
    )  # the page holds the terms, for the reviewer


def test_the_german_default_policy_counts_in_german():
    policy = load_policy("default", "de")
    assert policy.backend is not None and policy.backend[1].endswith("-de-best")
    assert policy.rules[TermKind.PUBLIC_REFERENCE].rule.value == "never"


@NEEDS_FAKER
def test_pseudonyms_of_a_german_decision_are_german_and_dates_written_as_german_writes():
    import re

    settings = Settings(language="de", use_cache=False, workers=1, mode="pseudonym", pseudonym_key=b"k" * 32)
    with Sanitizer(settings) as sanitizer:
        text = sanitizer.sanitize(DECISION).text
    for gone in ("3. März 2011", "Lindenallee", "79098"):
        assert gone not in text, gone
    months = "Januar|Februar|März|April|Mai|Juni|Juli|August|September|Oktober|November|Dezember"
    before_the_citations = text[: text.index("§")]  # the decision cited there keeps its date
    assert re.search(rf"\b\d{{1,2}}\. (?:{months}) \d{{4}}\b", before_the_citations), text
