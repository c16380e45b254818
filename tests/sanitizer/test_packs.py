"""Genre packs (packs/): what only one genre writes, read by the documents whose policy names
the pack. Sentences written for these tests."""

from __future__ import annotations

import json
import re

import pytest

from ic_sanitizer import Sanitizer
from ic_sanitizer.errors import ConfigurationError
from ic_sanitizer.packs import CLINICAL, EVERY_PACK, JUDGMENTS, pack_name_spans, pack_reference_spans
from ic_sanitizer.policy import load_policy, policy_from_dict, policy_to_dict
from ic_sanitizer.recognizers import identifier_spans, recognizers_for
from ic_sanitizer.terms import CandidateSpan, TermKind

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
        assert policy.for_genre("clinical").packs == {CLINICAL}
    assert load_policy("hipaa").packs == {CLINICAL}
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
        ({"packs": ["courts"]}, r"p.json: unknown pack 'courts' in 'packs'; known packs: judgments, clinical"),
        ({"packs": "judgments"}, r"'packs' must be a list of pack names"),
        ({"genres": {"message": {"packs": ["chat"]}}}, r"'genres.message': unknown pack 'chat'"),
    ):
        with pytest.raises(ConfigurationError, match=message):
            policy_from_dict({**base, **extra}, "p.json")


NOTE = "TSICU NPN: 45M s/p MVC, tender RUQ. NGT to LWS, abd soft, PRN meds given. Transferred from MGH."


def _retyped(text: str, packs: frozenset[str]) -> dict[str, TermKind]:
    names = [
        CandidateSpan(m.start(), m.end(), TermKind.ORGANISATION, "name_rule") for m in re.finditer(r"[A-Z]{3}\b", text)
    ]
    return {text[s.start : s.end]: s.kind for s in pack_name_spans(text, names, packs)}


def test_the_clinical_pack_reads_a_notes_acronym_as_shorthand_unless_the_note_says_where():
    kinds = _retyped(NOTE, frozenset({CLINICAL}))
    assert kinds["MVC"] is kinds["RUQ"] is TermKind.NOUN_PHRASE
    assert kinds["MGH"] is TermKind.ORGANISATION  # "from MGH": a place of care
    assert set(_retyped(NOTE, frozenset()).values()) == {TermKind.ORGANISATION}  # no pack, no change


def test_the_clinical_pack_leaves_a_text_not_written_in_a_notes_shorthand_alone():
    judgment = "The applicant joined the PKK in 1990. The Court notes that the KDP denied it."
    assert set(_retyped(judgment, frozenset({CLINICAL}))) == {"PKK", "KDP"}
    assert set(_retyped(judgment, frozenset({CLINICAL})).values()) == {TermKind.ORGANISATION}


@pytest.mark.parametrize("policy", ["default", "hipaa"])
def test_a_notes_acronyms_are_kept_and_its_hospital_masked_by_the_shipped_policies(policy):
    with Sanitizer(policy=policy, cache_dir=None) as sanitizer:
        result = sanitizer.sanitize(NOTE + " Girlfriend Tasha at bedside.")
    kinds = {r.term: r.kind for r in result.replacements}
    assert kinds["tasha"] is TermKind.PERSON and kinds["mgh"] is TermKind.ORGANISATION
    assert TermKind.ORGANISATION not in {kinds.get(key) for key in ("mvc", "ruq", "lws")}
