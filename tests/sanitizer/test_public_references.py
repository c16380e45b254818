"""Public references (provisions, statute years, report volumes) are never candidates;
a person's own references and dates still are."""

from __future__ import annotations

import pytest

from ic_sanitizer import Sanitizer
from ic_sanitizer.extraction import extract_terms, open_extractor
from ic_sanitizer.packs import JUDGMENTS, pack_reference_spans
from ic_sanitizer.policy import load_policy
from ic_sanitizer.recognizers.public_references import public_reference_spans
from ic_sanitizer.redaction import placeholder_label
from ic_sanitizer.terms import TermKind


def _references(text: str) -> list[str]:
    """A judgment's public references: those of any legal text, and the judgments pack's reports."""
    spans = [*public_reference_spans(text), *pack_reference_spans(text, frozenset({JUDGMENTS}))]
    return [text[start:end] for start, end in sorted(spans)]


@pytest.mark.parametrize(
    "text, expected",
    [
        ("under Article 6 § 1 (c) of the Convention", ["Article 6 § 1 (c)"]),
        ("pursuant to section 70 of the Army Act 1955)", ["section 70", "Army Act 1955", "1955"]),
        ("contrary to s. 15(1) of the Sexual Offences Act 1956.", ["s. 15(1)", "Sexual Offences Act 1956", "1956"]),
        ("Articles 5, 6 and 13.", ["Articles 5, 6 and 13"]),
        ("the applicant's Article 50 (art. 50) submissions (art. 6-3-c)", ["Article 50", "art. 50", "art. 6-3-c"]),
        ("within section 1(1A) of the 1976 Act", ["section 1(1A)", "1976"]),
        ("section 47 of the 1861 Act", ["section 47", "1861"]),
        ("Part III of the Code of 1960", ["Part III", "1960"]),
        (
            "Reports of Judgments and Decisions 1997-I, § 73",
            ["Reports of Judgments and Decisions 1997-I", "1997-I", "§ 73"],
        ),
        (
            "Reports 1998-IV, p. 1633, and ECHR 2000-XI, pp. 12-13.",
            ["Reports 1998-IV, p. 1633", "1998-IV, p. 1633", "ECHR 2000-XI, pp. 12-13", "2000-XI, pp. 12-13"],
        ),
        # a report series' name with its volume: the series' words, and the ordinary words
        # before them; a sentence's opening word and a name no list knows are not the series'
        ("(Decisions and Reports 45, p. 41)", ["Decisions and Reports 45, p. 41"]),
        ("In the Weekly Law Reports 12, p. 3.", ["Weekly Law Reports 12, p. 3"]),
        ("See Kowalski Reports 12, p. 4.", ["Reports 12, p. 4"]),
        ("Mr Kowalski 2000-XI", ["2000-XI"]),
        ("the Reports 45 and Decisions 12 of the board", []),
        (
            "section 42 of the Fair Employment (Northern Ireland) Act 1976",
            ["section 42", "Fair Employment (Northern Ireland) Act 1976", "1976"],
        ),
        (
            "The Criminal Justice and Public Order Act 1994 applied.",
            ["Criminal Justice and Public Order Act 1994", "1994"],
        ),
        ("the Court of Appeal and the Immigration Act 1971", ["Immigration Act 1971", "1971"]),
        ("the 1861 Act and the Code of 1960", ["1861", "1960"]),
        ("(Rule 39 of the Rules of Court)", ["Rule 39"]),
        # A Roman numeral only right after the provision's word: "and I" is a pronoun.
        ("Article 8 and I think", ["Article 8"]),
        ("application no. 36244/06 lodged in 1955", []),
        # The number a law or a report series is cited by, with the page and the body's acronym.
        ("under Law no. 466 and the Act No. 12", ["466", "12"]),
        ("Regulation (EEC) No 1408/71 applied.", ["EEC", "1408/71"]),
        ("judgment, Series A no. 176-A, p. 20, § 29", ["176-A, p. 20", "§ 29"]),
        ("Laws nos. 3 and 4 were repealed.", ["3 and 4"]),
        ("under Act no. 12, 300 workers and Law no. 9 and 40 others", ["12", "9"]),
        # Not a customer's order or a bill, nor a decree (which may be about one person),
        # nor in lower case, where these are ordinary words.
        ("my Order No. 88213 and Bill No. 7 under Decree no. 9", []),
        ("the law no. 5 they quoted", []),
    ],
)
def test_public_reference_spans(text, expected):
    assert _references(text) == expected


@pytest.fixture(scope="module")
def sanitizer():
    with Sanitizer("wordfreq", workers=1, use_cache=False) as opened:
        yield opened


def test_public_references_stay_in_clear_and_identifiers_do_not(sanitizer):
    text = (
        "On 12 May 1997 Mr John Brown was charged under section 70 of the Army Act 1955 and "
        "section 47 of the Offences Against the Person Act 1861 (application no. 36244/06)."
    )
    result = sanitizer.sanitize(text)
    for public in ("section 70 of the Army Act 1955", "section 47", "Act 1861"):
        assert public in result.text
    for private in ("12 May 1997", "John Brown", "36244/06"):
        assert private not in result.text


@pytest.mark.parametrize(
    "text, day",
    [
        ("It was sent on 1 November 1998, when Protocol No. 11 to the Convention came into force.", "1 November 1998"),
        ("On 3 April 1989 the Criminal Justice Act 1988 (“the 1988 Act”) entered into force.", "3 April 1989"),
        (
            "After the entry into force of Protocol No. 11 to the Convention on 1 November 1998, it was sent.",
            "1 November 1998",
        ),
        ("The Code of Criminal Procedure came into force on 1 July 2003.", "1 July 2003"),
        ("On 22 November 1984 Law no. 3083 came into force.", "22 November 1984"),
        # the day something of a person's came into force is theirs
        ("The order came into force on 3 May 2001.", None),
        ("On 3 May 2001 his sentence came into force.", None),
        ("He was released on 4 May 2001, when the order came into force.", None),
        ("Under the Act his licence came into force on 6 May 2001.", None),
        ("On 7 May 2001 his sentence under the Act came into force.", None),
        ("On 5 May 2001 he was arrested. The Act entered into force later.", None),
    ],
)
def test_the_day_a_law_came_into_force_is_a_public_reference_and_a_persons_order_is_a_date(sanitizer, text, day):
    result = sanitizer.sanitize(text)
    dates = [text[r.start : r.end] for r in result.replacements if r.kind is TermKind.DATE]
    if day is None:
        assert len(dates) == 1
    else:
        assert day in _references(text) and day in result.text and not dates


def test_the_date_of_a_general_law_is_a_public_reference_and_a_decrees_is_a_date(sanitizer):
    # A law is dated by the day it was passed, whoever it is applied to; a decree may be an
    # act about one person (a pardon, an appointment), whose date is part of their story.
    result = sanitizer.sanitize(
        "He relied on the Law of 5 May 1990 on pensions and on the Act of 3 June 1991. "
        "By a Decree of 14 July 1999 the President pardoned him."
    )
    assert "Law of 5 May 1990" in result.text and "Act of 3 June 1991" in result.text
    assert "14 July 1999" not in result.text


def test_a_statutes_title_in_its_own_language_is_a_public_reference_and_a_name_in_brackets_is_not(sanitizer):
    result = sanitizer.sanitize(
        "He relied on Article 5 of the Civil Code (Kodeks cywilny) and on the Law of 17 June 2004 on "
        "complaints about delays (Ustawa o skardze na przewlekłość). Under the Code his lawyer (Jan Kowalski) "
        "appealed, and under the Act on Police (Marek Nowak) was heard."
    )
    assert "(Kodeks cywilny)" in result.text and "(Ustawa o skardze na przewlekłość)" in result.text
    assert "Kowalski" not in result.text and "Nowak" not in result.text


def test_the_number_a_law_is_cited_by_stays_in_clear_and_an_orders_does_not(sanitizer):
    result = sanitizer.sanitize(
        "He relied on Law no. 466 and Regulation (EEC) No 1408/71 (Series A no. 176-A, p. 20). "
        "His Order No. 88213 never arrived."
    )
    for public in ("Law no. 466", "(EEC) No 1408/71", "no. 176-A, p. 20"):
        assert public in result.text
    assert "88213" not in result.text


def test_a_report_series_and_its_volume_stay_in_clear_and_the_parties_do_not(sanitizer):
    result = sanitizer.sanitize(
        "The applicant, Mr Jan Kowalski, cited Akdivar and Others v. Turkey, Reports of Judgments and "
        "Decisions 1996-IV, p. 1210, and Decisions and Reports 45, p. 41."
    )
    for public in ("Reports of Judgments and Decisions 1996-IV, p. 1210", "Decisions and Reports 45, p. 41"):
        assert public in result.text
    assert "Kowalski" not in result.text and "Akdivar" not in result.text


def test_public_references_are_candidates_of_their_own_kind_which_the_paper_scores_and_the_default_keeps():
    text = "He was charged under section 70 of the Army Act 1955."
    kinds = {t.key: t.kind for t in extract_terms(text, open_extractor("nltk"))}
    assert kinds["section 70"] is kinds["army act 1955"] is TermKind.PUBLIC_REFERENCE
    assert not any("section" in key and kind is not TermKind.PUBLIC_REFERENCE for key, kind in kinds.items())
    assert load_policy("default").rule_for(TermKind.PUBLIC_REFERENCE).rule.value == "never"
    # The paper's policy has one rule for every kind: a public reference is scored by IC.
    assert load_policy("paper").rule_for(TermKind.PUBLIC_REFERENCE).rule.value == "ic"
    assert placeholder_label(TermKind.PUBLIC_REFERENCE) == "REFERENCE"
