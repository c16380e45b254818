"""Case numbers and labelled codes (recognizers/universal/codes.py): reference and
national case numbers with their court's register, numbers after a form's label, the
number word and the label left in clear; public references and short numbers are no codes."""

from __future__ import annotations

import pytest

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.terms import TermKind
from tests.sanitizer.recognizer_cases import _found


@pytest.mark.parametrize(
    "text, expected",
    [
        ("He acted pursuant to 36110/97. They requested it.", "36110/97"),
        ("She lodged application no. 36244/06 against Poland.", "36244/06"),
        ("The plot was on sheet 11/23W1E (no. 2).", "11/23W1E"),
        ("Case K-12/2001 was heard.", "K-12/2001"),
        ("See Boner v. the United Kingdom (no. 30/1993/425/504).", "30/1993/425/504"),
        ("See R (Smith) v. Secretary [2008] EWHC 860 (QB), at 12.", "[2008] EWHC 860 (QB)"),
        ("Her passport no. AB1234567 was seized.", "AB1234567"),
        ("His passport AB1234567 was seized.", "AB1234567"),
        ("His SSN is 078-05-1120.", "078-05-1120"),
        ("National insurance number AB 12 34 56 C.", "AB 12 34 56 C"),
        ("My NI number is QQ 12 34 56 C.", "QQ 12 34 56 C"),
        ("Order #A-77812 never arrived.", "A-77812"),  # "Order" cites a law only with "No."
        ("Ticket #55120 is open.", "55120"),
        ("It was registered as plot no. 165.", "165"),
        ("The judgment in case Mål nr 1234-96 was final.", "1234-96"),
        ("Sag nr. 123/1997 was heard.", "123/1997"),
        ("The dossier n° 96/12345 was closed.", "96/12345"),
        ("The file (ref. 1234-98) was lost.", "1234-98"),
        ("Case number 95-1234 was struck out.", "95-1234"),
        ("The case № 2-123/05 was heard.", "2-123/05"),
        ("Case № 12345 was opened.", "12345"),
        ("He was given No 12345 at the prison.", "12345"),
        ("He was held in remand centre IZ-77/1 in Moscow.", "IZ-77/1"),
    ],
    ids=[
        "issue-example-full-stop-outside",
        "application-no",
        "sheet-number",
        "letter-dash-slash",
        "old-case-number",
        "neutral-citation",
        "passport-with-no",
        "passport-alone",
        "us-ssn",
        "uk-national-insurance",
        "uk-national-insurance-with-a-prefix-never-issued",
        "number-sign-after-order",
        "number-sign-digits",
        "plot-no",
        "nordic-nr",
        "nr-with-full-stop",
        "french-n-degree",
        "ref",
        "number-word-then-two-digits",
        "numero-sign-slash",
        "numero-sign-digits",
        "no-without-full-stop",
        "register-hyphen-slash-three-digits",
    ],
)
def test_reference_numbers_are_codes_without_a_sentence_full_stop(text, expected):
    assert (expected, TermKind.CODE) in _found(text)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Judgment no. Rev-123/05 was final.", "Rev-123/05"),
        ("The County Court (Kž-123/05) refused.", "Kž-123/05"),
        ("It was decided (Bfv.I.123/2005) in May.", "Bfv.I.123/2005"),
        ("The Federal Court (6B_123/2005) agreed.", "6B_123/2005"),
        ("The Court of Appeal (Ö 1234-05) refused.", "Ö 1234-05"),
        ("The judgment ECLI:NL:HR:2005:AB1234.", "ECLI:NL:HR:2005:AB1234"),
        ("See LJN AB1234 of that year.", "LJN AB1234"),
        ("The appeal (recurso nº 1234-2005) failed.", "1234-2005"),
    ],
    ids=[
        "register-joined-by-hyphen",
        "register-with-diacritic",
        "register-with-full-stops",
        "underscore",
        "swedish-register-letter",
        "ecli",
        "dutch-ljn",
        "spanish-number-sign",
    ],
)
def test_national_case_numbers_are_codes(text, expected):
    assert (expected, TermKind.CODE) in _found(text)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("Patient: M. Smith, MRN 00482913, seen today.", "00482913"),
        ("NHS number 943 476 5919.", "943 476 5919"),
        ("Hospital ID: 4471923.", "4471923"),
        ("Ref: 12345 (closed).", "12345"),
        ("His passport no. 12 34 56 78 was seized.", "12 34 56 78"),
        ("Blue Shield, member ID XJH448120573.", "XJH448120573"),
        ("Your tracking number is JX 4471 2290 GB and it ships today.", "JX 4471 2290 GB"),
        ("i sent it back, ref JX 4471 2290 GB. thanks", "JX 4471 2290 GB"),
        ("Policy ref: HX 229 0043 K", "HX 229 0043 K"),
    ],
    ids=[
        "mrn",
        "nhs-number-in-groups",
        "id-with-colon",
        "ref-with-colon",
        "passport-in-groups",
        "id-before-letters-and-digits",
        "tracking-number-after-is",
        "tracking-number-in-lower-case-text",
        "groups-with-a-check-letter",
    ],
)
def test_a_number_after_a_form_label_is_a_code_and_the_label_stays_in_clear(text, expected):
    assert (expected, TermKind.CODE) in _found(text)


def test_a_label_before_is_and_its_value_stays_in_clear():
    with Sanitizer(Settings(use_cache=False, workers=1)) as sanitizer:
        assert sanitizer.sanitize("My ref is AB 1234 5678, thanks.").text.startswith("My ref is [CODE-1]")
        assert sanitizer.sanitize("so my dob is 12/03/88 if you need it").text.startswith("so my dob is [DATE-1]")


@pytest.mark.parametrize("text", ["In 1999 12 34 56 people voted.", "He paid 12 34 56 to the clerk."])
def test_digit_groups_without_a_label_are_not_codes(text):
    assert not any(kind is TermKind.CODE for _, kind in _found(text))


@pytest.mark.parametrize(
    "text",
    [
        "She lodged application no. 36244/06.",
        "See applications nos. 1/99 and 2/99.",
        "Passport number AB1234567 was seized.",
    ],
)
def test_the_number_word_before_a_code_stays_in_clear(text):
    assert not any(
        kind is TermKind.CODE and phrase.lower().startswith(("no", "number")) for phrase, kind in _found(text)
    )


@pytest.mark.parametrize(
    "text, code",
    [
        ("i placed an order (order no. 88213-AB) last week", "88213-AB"),
        ("the act number 55127 on my ticket was wrong", "55127"),
    ],
)
def test_a_citing_word_in_lower_case_is_an_ordinary_word(text, code):
    # legislation is cited capitalized ("Law no. 466", "ORDER No. 3"); "my order no." is a code
    assert (code, TermKind.CODE) in _found(text)


@pytest.mark.parametrize(
    "text, expected",
    [
        ("The Regional Court (case no. IV Ka 123/99) dismissed it.", "IV Ka 123/99"),
        ("The Supreme Court (2 KK 123/02) quashed it.", "2 KK 123/02"),
        ("It decided (E. 1996/123, K. 1997/45) to convict him.", "E. 1996/123"),
        ("The complaint (AZ 2 BvR 123/99) was refused.", "AZ 2 BvR 123/99"),
        ("In 123/99 it was refused.", "123/99"),
        ("The Court 123/99 refused.", "123/99"),
        ("The 123/2005 decision stands.", "123/2005"),
        ("The Court of Appeal (II AKa 123/99) upheld it.", "II AKa 123/99"),
        ("The Supreme Court (5 Tdo 123/2005) dismissed it.", "5 Tdo 123/2005"),
        ("The Constitutional Court (III. ÚS 123/05) agreed.", "III. ÚS 123/05"),
        ("The Supreme Court (OGH 1 Ob 12/05k) refused.", "OGH 1 Ob 12/05k"),
    ],
    ids=[
        "roman-and-register",
        "chamber-and-register",
        "letter-with-full-stop",
        "three-tokens",
        "english-word-is-no-register",
        "long-word-is-no-register",
        "three-letter-word-is-no-register",
        "polish-appeal-register",
        "czech-register",
        "czech-constitutional-register",
        "austrian-check-letter",
    ],
)
def test_a_case_number_takes_in_its_court_register(text, expected):
    assert (expected, TermKind.CODE) in _found(text)


@pytest.mark.parametrize(
    "text",
    [
        "A violation of Article 6 § 1 of the Convention.",
        "Article 1 of Protocol No. 11 applies.",
        "He acted pursuant to Law no. 466. They requested it.",
        "Directive 95/46/EC applies.",
        "Reports of Judgments and Decisions 1997-I, and ECHR 2000-XI.",
        "See the old reference (art. P1-1).",
        "A 1/2 share and COVID-19 and F-16 jets.",
        "Judgment of (Series A no. 192).",
        "It transposed 83/189/EEC and 88/182/EEC late.",
        "Regulation (EEC) No 1408/71 applies, and No 10 Downing Street replied.",
    ],
    ids=[
        "article-paragraph",
        "protocol-number",
        "law-number",
        "directive-number",
        "report-volumes",
        "old-article-reference",
        "fraction-and-short-names",
        "series-a",
        "eu-legislation-number",
        "no-without-full-stop-in-a-citation-or-before-two-digits",
    ],
)
def test_public_references_and_short_numbers_are_not_codes(text):
    assert TermKind.CODE not in {kind for _, kind in _found(text)}


@pytest.mark.parametrize(
    "text, code",
    [
        ("plan: oob to chair in am. mrn 4482913.", "4482913"),  # a note in lower case
        ("Mrn 4482913", "4482913"),
        ("nhs number 943 476 5919", "943 476 5919"),
        ("ssn: 078-05-1120", "078-05-1120"),
    ],
)
def test_a_label_no_word_is_written_like_introduces_a_code_in_any_case(text, code):
    assert (code, TermKind.CODE) in _found(text)


def test_a_label_that_is_also_a_word_needs_its_capitals():
    assert _found("the id 4482913 and a pin 2") == []


@pytest.mark.parametrize(
    "text, code",
    [
        ("Hospital account 88231907.", "88231907"),
        ("acct 4471-22", "4471-22"),
        ("Account: 12345678", "12345678"),
        ("sort code 20-45-77, acc 43910288", "43910288"),  # "acc" before six digits or more
        ("Acct no: 55102938 noted.", "55102938"),
    ],
)
def test_an_account_number_after_its_word_is_a_code(text, code):
    assert (code, TermKind.CODE) in _found(text)


@pytest.mark.parametrize("text", ["the acc 12 cm was seen.", "No: the applicant refused 3 offers."])
def test_acc_before_a_short_number_and_no_before_words_are_no_labels(text):
    assert TermKind.CODE not in {kind for _, kind in _found(text)}


def test_on_account_of_is_no_account():
    assert _found("He was excused on account of 3 visits.") == []
