from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ic_sanitizer import ConfigurationError, Sanitizer
from ic_sanitizer.cli.app import app
from ic_sanitizer.policy import Rule, load_policy, policy_from_dict, policy_to_dict
from ic_sanitizer.stages import Reason
from ic_sanitizer.terms import TermKind

from ..conftest import write_table

runner = CliRunner()
TEXT = "Kowalski visited the doctor in Warsaw on 3 May 2001."


def _table(tmp_path):
    return f"table:{write_table(tmp_path / 't.json', 2**20, {'kowalski': 16, 'warsaw': 2**12, 'doctor': 2**14})}"


def _policy_file(tmp_path, kinds, **extra):
    data = {"schema": "ic-sanitizer/policy", "schema_version": 1, "kinds": kinds, **extra}
    path = tmp_path / "policy.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_each_kind_follows_its_rule(tmp_path):
    policy = _policy_file(
        tmp_path,
        {
            "date": {"rule": "always"},
            "name": {"rule": "ic", "beta": 10},
            "location": {"rule": "ic", "beta": 10},
            "noun_phrase": {"rule": "never"},
        },
    )
    with Sanitizer(_table(tmp_path), policy=str(policy), s2_backend="none") as s:
        result = s.sanitize(TEXT)
    reasons = {t.term.key: (t.decision.value, t.reason) for t in result.terms}
    assert reasons["3 may 2001"] == ("sensitive", Reason.ALWAYS)
    assert reasons["kowalski"] == ("sensitive", Reason.IC)  # 16 bits >= 10
    assert reasons["warsaw"] == ("kept", Reason.IC)  # 8 bits < 10
    assert reasons["doctor"] == ("kept", Reason.NEVER)
    assert result.text.startswith("[NAME-1] visited the doctor in Warsaw on [DATE-1]")


def test_allow_and_deny_lists_beat_every_rule(tmp_path):
    policy = _policy_file(tmp_path, {"name": {"rule": "always"}, "noun_phrase": {"rule": "never"}})
    with Sanitizer(
        _table(tmp_path), policy=str(policy), s2_backend="none", allow=["Kowalski"], deny=["the doctor"]
    ) as s:
        result = s.sanitize(TEXT + " The Doctor left.")
    assert "Kowalski" in result.text and "doctor" not in result.text.lower()
    assert {t.term.key: t.reason for t in result.terms}["kowalski"] is Reason.ALLOW


def test_a_phrase_both_allowed_and_denied_is_refused(tmp_path):
    with pytest.raises(ConfigurationError, match="both allowed and denied"):
        Sanitizer(_table(tmp_path), allow=["Warsaw"], deny=["warsaw"])


def test_the_paper_policy_uses_one_beta_for_every_kind():
    paper = load_policy("paper")
    assert {r.rule for r in paper.rules.values()} == {Rule.IC} and not any(paper.offsets().values())
    assert paper.mode == "suppress" and not paper.entities and paper.s2


def test_the_default_policy_masks_direct_identifiers_always_and_round_trips():
    default = load_policy("default")
    for kind in (TermKind.PERSON, TermKind.CODE, TermKind.EMAIL, TermKind.PHONE, TermKind.URL, TermKind.ACCOUNT):
        assert default.rule_for(kind).rule is Rule.ALWAYS
    assert policy_from_dict(policy_to_dict(default), "round trip") == default
    hipaa = load_policy("hipaa")
    assert hipaa.keep_titles and not default.keep_titles
    assert policy_from_dict(policy_to_dict(hipaa), "round trip").keep_titles


@pytest.mark.parametrize(
    "data, message",
    [
        ({"schema": "other"}, "not a policy file"),
        ({"schema": "ic-sanitizer/policy", "schema_version": 99}, "version 99"),
        (
            {"schema": "ic-sanitizer/policy", "schema_version": 1, "kinds": {"name": {"rule": "sometimes"}}},
            "needs a rule",
        ),
        (
            {"schema": "ic-sanitizer/policy", "schema_version": 1, "kinds": {"persons": {"rule": "always"}}},
            "unknown kind",
        ),
        (
            {"schema": "ic-sanitizer/policy", "schema_version": 1, "kinds": {"name": {"rule": "ic", "beta": "high"}}},
            "finite number",
        ),
        (
            {"schema": "ic-sanitizer/policy", "schema_version": 2, "kinds": {"name": {"rule": "ic", "offset": "low"}}},
            "offset must be a finite number",
        ),
        ({"schema": "ic-sanitizer/policy", "schema_version": True}, "version True"),
        ({"schema": "ic-sanitizer/policy", "schema_version": 2, "mode": "shout"}, "'mode' must be one of"),
        ({"schema": "ic-sanitizer/policy", "schema_version": 2, "hide": ["nosuch"]}, "unknown category"),
        ({"schema": "ic-sanitizer/policy", "schema_version": 2, "keep_titles": "yes"}, "must be true or false"),
    ],
    ids=["schema", "version", "rule", "kind", "beta", "offset", "version-bool", "mode", "hide", "keep-titles"],
)
def test_bad_policy_files_are_one_line_usage_errors(tmp_path, data, message):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    document = tmp_path / "doc.txt"
    document.write_text(TEXT, encoding="utf-8")
    result = runner.invoke(app, ["sanitize", str(document), "--policy", str(path)])
    assert result.exit_code == 2 and message in result.stderr and len(result.stderr.splitlines()) == 1


def test_fit_policy_learns_rules_and_an_allow_list_from_annotations(tmp_path):
    people = ["Kowalski", "Nowak", "Wiśniewski", "Wójcik", "Kamiński", "Lewandowski"]
    texts, gold = {}, {}
    for index, name in enumerate(people):
        text = f"The Court heard Mr {name} on {index + 1} May 2001. The Court found the doctor honest."
        texts[f"d{index}"] = text
        gold[f"d{index}"] = [
            [text.index("Mr"), text.index(name) + len(name), "PERSON"],
            [text.index(f"{index + 1} May"), text.index("2001") + 4, "DATETIME"],
        ]
    (tmp_path / "texts.json").write_text(json.dumps(texts), encoding="utf-8")
    (tmp_path / "gold.json").write_text(json.dumps(gold), encoding="utf-8")
    out = tmp_path / "fitted.json"
    result = runner.invoke(
        app,
        [
            "tune",
            "--gold",
            str(tmp_path / "gold.json"),
            "--texts",
            str(tmp_path / "texts.json"),
            "--fit-policy",
            str(out),
            "--target-recall",
            "0.95",
            "--json",
            "--no-cache",
        ],
    )
    assert result.exit_code == 0, result.stderr
    fitted = load_policy(out)
    assert fitted.rule_for(TermKind.DATE).rule is not Rule.NEVER
    # six short documents hold too few noun phrases to fit their rule: the default's stays
    assert fitted.rule_for(TermKind.NOUN_PHRASE) == load_policy("default").rule_for(TermKind.NOUN_PHRASE)
    assert "court" in fitted.allow and "kowalski" not in fitted.allow
    assert fitted.backend is not None and fitted.backend[0] == "wordfreq"
