"""The dial: β moves every IC-decided kind of every policy; a term the user names is hidden."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ic_sanitizer import Sanitizer
from ic_sanitizer.cli.app import app
from ic_sanitizer.policy import DEFAULT_BETA, KindRule, Policy, Rule, load_policy, policy_from_dict, policy_to_dict
from ic_sanitizer.stages import Decision, Reason
from ic_sanitizer.terms import TermKind

from ..conftest import REPO, write_table

runner = CliRunner()
JUDGMENT = REPO / "examples" / "judgment.txt"


def _policy(**offsets: float) -> Policy:
    rules = {TermKind(kind): KindRule(Rule.IC, offset) for kind, offset in offsets.items()}
    return Policy(name="p", rules=rules, beta=14.0, s2=False)


def test_each_ic_kind_sits_at_its_offset_from_the_run_beta():
    policy = _policy(noun_phrase=0.0, name=-3.0, number=-4.0)
    assert policy.betas_at(14.0) == {
        TermKind.NOUN_PHRASE: 14.0,
        TermKind.NAME: 11.0,
        TermKind.NUMBER: 10.0,
        TermKind.ABSTRACT_PHRASE: 14.0,
        TermKind.PUBLIC_REFERENCE: 10.0,
        TermKind.RANK: 14.0,
        TermKind.WORK: 11.0,
    }  # refinements follow
    assert policy.betas_at(2.0)[TermKind.NUMBER] == 0.0  # never below 0 bits


def test_rebasing_keeps_every_kinds_threshold():
    policy = _policy(noun_phrase=1.5, name=-2.0)
    rebased = policy.rebased(15.5)
    assert rebased.beta == 15.5 and rebased.betas_at(15.5) == pytest.approx(policy.betas_at(14.0))


def test_a_version_1_file_keeps_its_fixed_betas_without_a_run_beta(tmp_path):
    data = {
        "schema": "ic-sanitizer/policy",
        "schema_version": 1,
        "beta": 14.5,
        "kinds": {
            "noun_phrase": {"rule": "ic", "beta": 16.0},
            "name": {"rule": "ic", "beta": 13.0},
            "date": {"rule": "always", "beta": None},
        },
    }
    policy = policy_from_dict(data, "old.json")
    assert policy.betas_at(14.5)[TermKind.NOUN_PHRASE] == 16.0 and policy.betas_at(14.5)[TermKind.NAME] == 13.0
    assert policy_to_dict(policy)["schema_version"] == 2
    again = policy_from_dict(policy_to_dict(policy), "round trip")
    assert (again.rules, again.beta) == (policy.rules, policy.beta)


def test_the_shipped_default_states_its_kinds_from_the_noun_phrase_beta():
    default = load_policy("default")
    assert default.reference_kind() is TermKind.NOUN_PHRASE
    assert default.rule_for(TermKind.NOUN_PHRASE).offset == 0.0 and default.beta is not None
    assert default.betas_at(default.beta)[TermKind.NAME] < default.beta


def _table(tmp_path):
    counts = {"kowalski": 2, "warsaw": 2**6, "doctor": 2**12, "old house": 2**8}
    return f"table:{write_table(tmp_path / 't.json', 2**20, counts)}"


def test_a_lower_beta_masks_more_of_every_kind(tmp_path):
    policy = tmp_path / "policy.json"
    policy.write_text(json.dumps(policy_to_dict(_policy(noun_phrase=0.0, name=-4.0))), encoding="utf-8")
    text = "Kowalski sold the old house in Warsaw to the doctor."
    decided = {}
    for beta in (6.0, 10.0, 14.0, 20.0, 24.0):
        with Sanitizer(_table(tmp_path), policy=str(policy), beta=beta, s2_backend="none") as s:
            decided[beta] = {t.term.key for t in s.sanitize(text).terms if t.removed}
    assert decided[6.0] >= decided[10.0] >= decided[14.0] >= decided[20.0] >= decided[24.0]
    assert "kowalski" in decided[20.0] - decided[24.0]  # a name of 19 bits: β 20 - 4 ≤ 19 < β 24 - 4
    assert "old house" in decided[10.0] - decided[14.0]  # a noun phrase of 12 bits: offset 0


@pytest.mark.parametrize("beta, relation", [("8", "more"), ("30", "fewer")], ids=["beta-8", "beta-30"])
def test_beta_moves_the_defaults_output_on_the_example_judgment(beta, relation):
    plain = runner.invoke(app, ["sanitize", str(JUDGMENT), "--no-cache"])
    turned = runner.invoke(app, ["sanitize", str(JUDGMENT), "--no-cache", "--beta", beta])
    assert plain.exit_code == 0 and turned.exit_code == 0, turned.stderr

    def placeholders(output: str) -> int:
        return output.count("[")

    if relation == "more":
        assert placeholders(turned.stdout) > placeholders(plain.stdout)
    else:
        assert placeholders(turned.stdout) < placeholders(plain.stdout)


def test_a_named_term_is_hidden_whatever_the_allow_list_and_rules_say(tmp_path):
    allowed = Policy(
        name="p", rules={TermKind.NOUN_PHRASE: KindRule(Rule.NEVER)}, allow=frozenset({"doctor"}), s2=False
    )
    text = "Kowalski visited the doctor. The doctor was kind."
    with Sanitizer(_table(tmp_path), policy=allowed, protect=["Doctor"], s2_backend="none") as s:
        result = s.sanitize(text)
    assert "doctor" not in result.text.lower()
    assert {t.term.key: t.reason for t in result.terms}["doctor"] is Reason.REQUESTED


def test_a_users_deny_list_beats_the_policys_allow_list(tmp_path):
    allowed = Policy(
        name="p", rules={TermKind.NOUN_PHRASE: KindRule(Rule.NEVER)}, allow=frozenset({"doctor"}), s2=False
    )
    with Sanitizer(_table(tmp_path), policy=allowed, deny=["doctor"], s2_backend="none") as s:
        result = s.sanitize("Kowalski visited the doctor.")
    assert "doctor" not in result.text


def test_beta_term_under_the_default_hides_the_term_and_runs_s2_for_it(tmp_path, paper_example):
    report = tmp_path / "report.json"
    result = runner.invoke(
        app,
        [
            "sanitize",
            str(REPO / "examples" / "paper_example.txt"),
            "--no-cache",
            "--beta-term",
            paper_example["beta_term"],
            "--w",
            "0.6",
            "--report",
            str(report),
        ],
    )
    assert result.exit_code == 0, result.stderr
    assert paper_example["beta_term"] not in result.stdout
    document = json.loads(report.read_text(encoding="utf-8"))["documents"][0]
    term = next(t for t in document["terms"] if t["key"] == paper_example["beta_term"])
    assert (term["decision"], term["rule"]) == (Decision.SENSITIVE.value, Reason.REQUESTED.value)
    assert document["stages"]["s2"]["ran"] and document["stages"]["s2"]["protected"] == [paper_example["beta_term"]]
    asked = {edge["target"] for edge in document["graph"]["edges"]} | {
        edge["source"] for edge in document["graph"]["edges"]
    }
    assert "blood transfusion" in asked  # S2 weighed it against the term


def test_default_beta_is_the_papers_when_a_policy_gives_none():
    assert load_policy("paper").beta is None and DEFAULT_BETA == 14.5
