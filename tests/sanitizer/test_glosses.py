"""A translation in brackets is decided as the term it follows (glosses.py)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ic_sanitizer import Sanitizer
from ic_sanitizer.glosses import decide_glosses, glosses
from ic_sanitizer.stages import Decision, Reason


@pytest.fixture(scope="module")
def sanitizer():
    with Sanitizer(workers=1) as engine:
        yield engine


def _decisions_of(scored) -> dict[str, tuple[bool, Reason]]:
    return {s.term.text: (s.removed, s.reason) for s in scored}


def _decisions(result) -> dict[str, tuple[bool, Reason]]:
    return _decisions_of(result.terms)


def test_a_gloss_after_a_masked_name_is_masked_with_it(sanitizer):
    text = "On 12 May 2001 the Uppsala County Administrative Court (länsrätten) rejected it."
    result = sanitizer.sanitize(text)
    assert "länsrätten" not in result.text
    # Were the gloss's own score to keep it (a word some corpus counts often), its court's
    # decision masks it all the same.
    own_score_keeps = [replace(s, decision=Decision.KEPT) if s.term.text == "länsrätten" else s for s in result.terms]
    assert _decisions_of(decide_glosses(text, own_score_keeps))["länsrätten"] == (True, Reason.GLOSS)


@pytest.mark.parametrize(
    "text, gloss",
    [
        ("The court issued an interim order (zarządzenie tymczasowe) on the same day.", "zarządzenie tymczasowe"),
        ("The letter bears a stamp marked “censored” (cenzurowano) on its back.", "cenzurowano"),
    ],
)
def test_a_lower_case_gloss_of_an_ordinary_phrase_is_kept(sanitizer, text, gloss):
    result = sanitizer.sanitize(text)
    assert f"({gloss})" in result.text
    assert _decisions(result)[gloss] == (False, Reason.GLOSS)


@pytest.mark.parametrize(
    "text, name",
    [
        ("His lawyer (Jan Kowalski) appealed, and his neighbour (maria lopez) testified.", "Kowalski"),
        ("so i talked to the woman at the desk (brzeczek wrzosowy) and she said no", "wrzosowy"),
    ],
)
def test_a_name_in_brackets_is_no_gloss_of_the_word_before_it(sanitizer, text, name):
    result = sanitizer.sanitize(text)
    assert name not in result.text
    assert all(reason is not Reason.GLOSS for _, reason in _decisions(result).values())


def test_only_words_in_another_language_are_a_gloss():
    text = "the interim order (zarządzenie tymczasowe), the order (see above), the fee (EUR 40) and Mr X (“the agent”)"
    assert [text[start:end] for _, start, end in glosses(text)] == ["zarządzenie tymczasowe"]


def test_the_papers_policy_decides_a_gloss_by_its_own_ic():
    with Sanitizer(workers=1, policy="paper") as paper:
        result = paper.sanitize("The court issued an interim order (zarządzenie tymczasowe) on the same day.")
    assert all(reason is not Reason.GLOSS for _, reason in _decisions(result).values())
