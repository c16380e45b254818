"""Genre packs (packs/): what only one genre writes, read by the documents whose policy names
the pack. Sentences written for these tests."""

from __future__ import annotations

import json

import pytest

from ic_sanitizer import Sanitizer
from ic_sanitizer.errors import ConfigurationError
from ic_sanitizer.packs import EVERY_PACK, JUDGMENTS, pack_reference_spans
from ic_sanitizer.policy import load_policy, policy_from_dict, policy_to_dict
from ic_sanitizer.recognizers import identifier_spans, recognizers_for

FILE_NUMBER = "The Regional Court's file IV Ka 123/99 was closed."
JUDGMENT = (
    "The applicant lodged an appeal with the Court. The Regional Court dismissed his appeal "
    "(file IV Ka 123/99) on 3 May 2001, citing Reports of Judgments and Decisions 1997-I, p. 12. "
    "The Court notes that the judgment was final."
)
MESSAGE = "Hi, my appeal is file IV Ka 123/99 and my lawyer cited Reports 1997-I. Can you help me?"


def _found(text: str, packs: frozenset[str]) -> list[str]:
    return [text[s.start : s.end] for s in identifier_spans(text, recognizers_for("en", packs))]


def test_the_judgments_pack_takes_a_courts_register_in_with_its_number():
    assert "IV Ka 123/99" in _found(FILE_NUMBER, frozenset({JUDGMENTS}))
    assert "123/99" in _found(FILE_NUMBER, frozenset())  # the universal rule: the number alone
    assert "[2008] EWHC 860 (QB)" in _found("See [2008] EWHC 860 (QB) at 4.", EVERY_PACK)
    assert not any("EWHC" in found for found in _found("See [2008] EWHC 860 (QB) at 4.", frozenset()))


def test_a_pack_puts_its_recognizer_in_the_place_of_the_universal_one():
    every, none = recognizers_for("en", EVERY_PACK), recognizers_for("en", frozenset())
    assert [r.name for r in every] == [r.name for r in none]
    changed = [a.name for a, b in zip(every, none) if a is not b]
    assert changed == ["case_number"]


def test_report_volumes_are_the_judgments_packs_references():
    text = "citing Reports of Judgments and Decisions 1997-I, p. 12"
    found = {text[start:end] for start, end in pack_reference_spans(text, frozenset({JUDGMENTS}))}
    assert "Reports of Judgments and Decisions 1997-I, p. 12" in found
    assert list(pack_reference_spans(text, frozenset())) == []


def test_the_english_policies_read_the_judgments_pack_in_judgments_only():
    with Sanitizer(cache_dir=None) as sanitizer:
        assert sanitizer.policy_for(JUDGMENT).packs == {JUDGMENTS}
        assert sanitizer.policy_for(MESSAGE).packs == frozenset()
        judgment = sanitizer.sanitize(JUDGMENT).text
        message = sanitizer.sanitize(MESSAGE).text
    assert "IV Ka" not in judgment and "123/99" not in judgment
    assert "Reports of Judgments and Decisions 1997-I, p. 12" in judgment  # a public reference, kept
    assert "123/99" not in message and "1997-I" not in message  # no report's volume outside judgments
    for name in ("default", "readable", "learned"):
        policy = load_policy(name)
        assert policy.packs == frozenset() and policy.for_genre("judgment").packs == {JUDGMENTS}
    assert load_policy("hipaa").packs == frozenset()
    assert load_policy("paper").packs == EVERY_PACK


def test_a_policys_packs_are_read_checked_and_written(tmp_path):
    base = {"schema": "ic-sanitizer/policy", "schema_version": 2, "kinds": {}}
    assert policy_from_dict(base, "p.json").packs == EVERY_PACK  # none named: every pack, as before packs
    policy = policy_from_dict({**base, "packs": [], "genres": {"judgment": {"packs": ["judgments"]}}}, "p.json")
    assert policy.packs == frozenset() and policy.for_genre("judgment").packs == {JUDGMENTS}
    written = policy_to_dict(policy)
    assert written["packs"] == [] and written["genres"]["judgment"]["packs"] == ["judgments"]
    assert policy_from_dict(json.loads(json.dumps(written)), "p.json").for_genre("judgment").packs == {JUDGMENTS}
    for extra, message in (
        ({"packs": ["courts"]}, r"p.json: unknown pack 'courts' in 'packs'; known packs: judgments"),
        ({"packs": "judgments"}, r"'packs' must be a list of pack names"),
        ({"genres": {"message": {"packs": ["chat"]}}}, r"'genres.message': unknown pack 'chat'"),
    ):
        with pytest.raises(ConfigurationError, match=message):
            policy_from_dict({**base, **extra}, "p.json")
