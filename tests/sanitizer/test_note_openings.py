"""A note's sentences open with a verb ("Slept well", "Drank 200cc"): an irregular form
of a verb is no name for its capital, and a given name that is one stays a name."""

from __future__ import annotations

import pytest

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.extraction.note_words import is_verb_form


@pytest.fixture(scope="module")
def sanitizer():
    with Sanitizer(Settings(use_cache=False, workers=1)) as engine:
        yield engine


def test_a_notes_sentences_opening_with_an_irregular_verb_keep_it(sanitizer):
    note = "NEURO: A+OX3. Slept well overnight. Drank 200cc of juice. Abd soft, +BS. Foley to gravity."
    assert not sanitizer.sanitize(note).replacements


@pytest.mark.parametrize("word, verb", [("slept", True), ("drank", True), ("rose", False), ("drew", False)])
def test_an_irregular_verb_form_that_is_a_given_name_is_not_one(word, verb):
    assert is_verb_form(word) is verb


def test_a_summary_s_laboratory_values_and_their_words_are_kept(sanitizer):
    note = (
        "85 y/o male with HFrEF (EF 30%) and CKD. In the ED he was hypoxic to 86% on RA, BNP 2,140. "
        "Creatinine peaked at 2.1 from baseline 1.6. Cardiology recommended uptitrating carvedilol."
    )
    kept = sanitizer.sanitize(note).text
    for words in ("HFrEF", "BNP 2,140", "Creatinine peaked", "uptitrating carvedilol"):
        assert words in kept
