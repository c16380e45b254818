"""Notes written the way nurses and doctors write them: in capitals only, in lower case,
in abbreviations, full of measurements. Every note here was written for these tests; the
names in them are invented."""

from __future__ import annotations

import pytest

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.extraction.casing import in_capitals, readable_case

NOTE = (
    "PATIENT SEEN TODAY WITH HER DAUGHTER MARIA. SHE LIVES ALONE IN LEEDS SINCE HER HUSBAND JOHN "
    "DIED IN 2019. BP 130/85, HR 72, TEMP 37.1. CONTINUE LISINOPRIL 10MG DAILY. REVIEW WITH DR "
    "OKAFOR AT ST JAMES."
)
SHIFT_NOTE = (
    "NEURO: PT ALERT AND ORIENTED, FOLLOWS COMMANDS.\n"
    "CV: HR 80S NSR WITH NO ECTOPY. BP 110/60. K 3.8 REPLETED WITH 40MEQ KCL.\n"
    "RESP: LUNGS CLEAR ON 2L NC, SATS 96%. SPUTUM THICK YELLOW.\n"
    "GI/GU: ABD SOFT. FOLEY TO GRAVITY, UO 50CC/HR. LASIX 20MG IV GIVEN.\n"
    "SOCIAL: WIFE LINDA CALLED, UPDATED BY DR SWAN."
)


@pytest.fixture(scope="module")
def sanitizer():
    with Sanitizer(Settings(use_cache=False, workers=1)) as engine:
        yield engine


def _masked(sanitizer, text: str) -> set[str]:
    return {text[r.start : r.end] for r in sanitizer.sanitize(text).replacements}


@pytest.mark.parametrize("note", [NOTE, NOTE.lower()], ids=["capitals", "lower-case"])
def test_a_note_loses_its_names_and_places_and_keeps_its_measurements(sanitizer, note):
    masked = {m.lower() for m in _masked(sanitizer, note)}
    assert {"maria", "leeds", "john", "dr okafor", "st james"} <= masked
    assert not masked & {"bp 130/85", "hr 72", "temp 37.1", "10mg", "with", "patient", "lisinopril"}


def _names(sanitizer, text: str) -> set[str]:
    """What is masked as a name of a person, an organisation or a place, or a name of unknown type."""
    kinds = {"person", "organisation", "location", "name"}
    return {s.term.text.lower() for s in sanitizer.sanitize(text).terms if s.removed and s.term.kind.value in kinds}


def test_in_a_note_in_capitals_no_function_word_or_abbreviation_becomes_a_name(sanitizer):
    masked = {m.lower() for m in _masked(sanitizer, SHIFT_NOTE)}
    names = _names(sanitizer, SHIFT_NOTE)
    assert {"linda", "dr swan"} <= names
    assert not names & {"pt", "cv", "neuro", "resp", "nsr", "gi", "gu", "abd", "to", "with", "on", "by"}
    for measurement in ("hr 80s", "bp 110/60", "k 3.8", "40meq", "sats 96%", "uo 50cc/hr", "20mg"):
        assert measurement not in masked, measurement


@pytest.mark.parametrize(
    "line, capitals",
    [
        ("PATIENT SEEN TODAY WITH HER DAUGHTER", True),
        ("THE FACTS", False),  # two words: a heading says nothing, and costs nothing
        ("The applicant, Mr KOWALSKI, said so.", False),
        ("CV: HR 80S NSR WITH NO ECTOPY.", True),
    ],
    ids=["sentence", "short-heading", "one-word-in-capitals", "abbreviations"],
)
def test_a_line_is_in_capitals_when_most_of_its_words_are(line, capitals):
    assert in_capitals(line) is capitals


def test_a_word_the_document_writes_with_its_own_capitals_keeps_them_in_a_line_in_capitals():
    text = "CASE OF KOWALSKI AND OTHERS v. POLAND\n\nThe applicant, Mr Kowalski, lives in Poland."
    read = readable_case(text)
    assert len(read) == len(text)
    assert read.splitlines()[0] == "case of Kowalski and others v. Poland"
    assert read.splitlines()[2] == text.splitlines()[2]


def test_a_codes_letters_keep_their_capitals_and_a_unit_is_lowered():
    assert readable_case("PATIENT NUMBER AB123 GIVEN 10MG AT HOME") == "patient number AB123 given 10mg at home"
