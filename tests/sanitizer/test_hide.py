"""--hide: the terms of a special category of data are hidden whatever their IC or an allow list says."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ic_sanitizer import ConfigurationError, Sanitizer
from ic_sanitizer.cli.app import app
from ic_sanitizer.policy import load_policy, policy_from_dict, policy_to_dict
from ic_sanitizer.stages import Reason

runner = CliRunner()
TEXT = "The applicant, who has cancer, is a priest. He was convicted of fraud in 2004."


def _reasons(result) -> dict:
    return {s.term.key: s.reason for s in result.terms}


def test_without_hide_the_default_decides_category_terms_as_their_kind():
    with Sanitizer() as sanitizer:
        result = sanitizer.sanitize(TEXT)
    assert "cancer" in result.text and "priest" in result.text  # below the noun-phrase β
    assert {s.term.key: s.term.category for s in result.terms}["cancer"] == "health"  # the subkind is known


@pytest.mark.parametrize(
    "category, hidden, kept",
    [
        ("health", "cancer", "priest"),
        ("religion", "priest", "cancer"),
        ("criminal", "fraud", "cancer"),
    ],
    ids=["health", "religion", "criminal"],
)
def test_hide_masks_the_category_and_only_it(category, hidden, kept):
    with Sanitizer(hide=[category]) as sanitizer:
        result = sanitizer.sanitize(TEXT)
    assert hidden not in result.text and kept in result.text
    assert _reasons(result)[hidden] is Reason.HIDDEN_CATEGORY


def test_no_allow_list_keeps_a_term_of_a_hidden_category():
    data = policy_to_dict(load_policy("default"))
    data["allow"] = [*data["allow"], "cancer"]
    allowing = policy_from_dict(data, "allowing")
    assert "cancer" in allowing.allow
    assert "cancer" not in allowing.hiding(["health"]).allow
    with Sanitizer(policy=allowing, hide=["health"], allow=["cancer"]) as sanitizer:
        result = sanitizer.sanitize(TEXT)
    assert "cancer" not in result.text


def test_hidden_terms_are_protected_in_s2():
    with Sanitizer(hide=["health"]) as sanitizer:
        result = sanitizer.sanitize(TEXT)
    assert result.s2.ran and "cancer" in result.protected


def test_a_policy_file_may_hide_categories(tmp_path):
    data = policy_to_dict(load_policy("default"))
    data["hide"] = ["religion"]
    path = tmp_path / "policy.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with Sanitizer(policy=str(path)) as sanitizer:
        assert "priest" not in sanitizer.sanitize(TEXT).text


def test_an_unknown_category_is_refused_in_one_line(tmp_path):
    with pytest.raises(ConfigurationError, match="known: health"):
        Sanitizer(hide=["nosuch"])
    document = tmp_path / "doc.txt"
    document.write_text(TEXT, encoding="utf-8")
    result = runner.invoke(app, ["sanitize", str(document), "--hide", "health,nosuch"])
    assert result.exit_code == 2 and "--hide" in result.stderr and len(result.stderr.splitlines()) == 1


def test_the_report_names_each_terms_category_and_what_was_hidden(tmp_path):
    document, report = tmp_path / "doc.txt", tmp_path / "report.json"
    document.write_text(TEXT, encoding="utf-8")
    result = runner.invoke(app, ["sanitize", str(document), "--hide", "health", "--report", str(report), "--no-cache"])
    assert result.exit_code == 0, result.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["settings"]["hide"] == ["health"]
    terms = {t["key"]: t for t in data["documents"][0]["terms"]}
    assert (terms["cancer"]["category"], terms["cancer"]["rule"]) == ("health", "hidden-category")
    assert terms["priest"]["category"] == "religion" and terms["priest"]["decision"] == "kept"


def test_the_review_page_marks_special_category_terms_with_their_own_colour():
    from ic_sanitizer.review import review_document, review_page
    from ic_sanitizer.review.data import document_data

    with Sanitizer(hide=["health"]) as sanitizer:
        result = sanitizer.sanitize(TEXT)
    data = document_data(review_document("doc", TEXT, result))
    assert {t["key"]: t["category"] for t in data["terms"]}["cancer"] == "health"
    page = review_page([review_document("doc", TEXT, result)], {}, result.thresholds.tau)
    assert ".special-category {" in page  # its own colour in the page's style
    assert "special category (health, religion" in page  # and in the legend


def test_a_hidden_categorys_phrase_is_caught_where_no_candidate_holds_it_whole():
    text = "The applicant is a Jehovah's Witness and refused the transfusion."
    with Sanitizer() as sanitizer:
        plain = sanitizer.sanitize(text).text
    with Sanitizer(hide=["religion"]) as sanitizer:
        hidden = sanitizer.sanitize(text).text
    assert "Witness" in plain and "Witness" not in hidden and "Jehovah" not in hidden
