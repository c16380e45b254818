"""Abstract phrases: noun phrases headed by an abstract noun (WordNet), their own kind,
which a policy that knows only noun phrases treats as noun phrases."""

from __future__ import annotations

import json

import pytest

from ic_sanitizer.extraction import open_extractor
from ic_sanitizer.extraction.abstract_nouns import is_abstract_noun
from ic_sanitizer.extraction.candidates import find_candidate_spans
from ic_sanitizer.policy import DEFAULT_BETA, KindRule, Policy, Rule, load_policy
from ic_sanitizer.terms import TermKind, parse_kinds


@pytest.mark.parametrize(
    "word, abstract",
    [
        ("dismissal", True),
        ("observations", True),
        ("discrimination", True),
        ("Length", True),
        ("brother", False),
        ("waiter", False),
        ("microbiologist", False),
        ("cottage", False),
        ("Warsaw", False),
    ],
)
def test_abstract_nouns_are_acts_statements_qualities_not_people_or_things(word, abstract):
    assert is_abstract_noun(word) is abstract


def test_a_noun_phrase_with_an_abstract_head_is_an_abstract_phrase():
    text = "He complained of his dismissal and of the written observations of his brother in a red car."
    spans = {text[s.start : s.end]: s.kind for s in find_candidate_spans(text, open_extractor("nltk").analyze(text))}
    assert spans["dismissal"] is TermKind.ABSTRACT_PHRASE
    assert spans["written observations"] is TermKind.ABSTRACT_PHRASE
    assert spans["red car"] is TermKind.NOUN_PHRASE


def _policy(tmp_path, kinds: dict, candidates: list | None = None):
    data = {"schema": "ic-sanitizer/policy", "schema_version": 1, "kinds": kinds}
    if candidates is not None:
        data["candidates"] = candidates
    path = tmp_path / "policy.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return load_policy(path)


def test_a_policy_that_names_only_noun_phrases_treats_abstract_phrases_as_noun_phrases(tmp_path):
    policy = _policy(tmp_path, {"noun_phrase": {"rule": "ic", "beta": 12.5}}, candidates=["noun_phrase"])
    assert policy.rule_for(TermKind.ABSTRACT_PHRASE) == policy.rule_for(TermKind.NOUN_PHRASE)
    assert policy.betas_at(DEFAULT_BETA)[TermKind.ABSTRACT_PHRASE] == 12.5  # a version-1 file's fixed β
    assert TermKind.ABSTRACT_PHRASE in policy.kinds
    built_in_code = Policy(name="x", rules={TermKind.NOUN_PHRASE: KindRule(Rule.ALWAYS)})
    assert built_in_code.rule_for(TermKind.ABSTRACT_PHRASE).rule is Rule.ALWAYS


@pytest.mark.parametrize("order", [["abstract_phrase", "noun_phrase"], ["noun_phrase", "abstract_phrase"]])
def test_a_policy_that_names_abstract_phrases_keeps_their_own_rule(tmp_path, order):
    rules = {"abstract_phrase": {"rule": "never"}, "noun_phrase": {"rule": "always"}}
    policy = _policy(tmp_path, {name: rules[name] for name in order})
    assert policy.rule_for(TermKind.ABSTRACT_PHRASE).rule is Rule.NEVER
    assert policy.rule_for(TermKind.NOUN_PHRASE).rule is Rule.ALWAYS


def test_kinds_naming_noun_phrases_include_abstract_phrases():
    assert TermKind.ABSTRACT_PHRASE in parse_kinds(["noun_phrase"])
    assert TermKind.NOUN_PHRASE not in parse_kinds(["abstract_phrase"])
