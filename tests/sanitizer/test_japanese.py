"""Japanese: Sudachi's morphemes read by the Japanese candidate rules, its recognizers, its policy and IC.

Every example is written for these tests (none is taken from the Japanese Wikipedia set)."""

from __future__ import annotations

import pytest

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.corpus_stats.backends.wordfreq_backend import _opened
from ic_sanitizer.policy import load_policy
from ic_sanitizer.terms import TermKind

from ..conftest import NEEDS_FAKER
from .conftest import review_page

pytest.importorskip("sudachipy", reason="Japanese needs the ja extra (Sudachi)")

RECORD = (
    "山田太郎さんは2024年3月1日に東京都千代田区丸の内1丁目2番3号の病院を受診した。担当は田中一郎先生で、"
    "連絡先は03-3212-4567、マイナンバーは6214 9832 0257である。友人のアーロン・ハーンシーも同行した。\n"
)


def test_a_record_loses_its_names_identifiers_and_address_and_keeps_its_honorifics():
    with Sanitizer(Settings(language="ja", use_cache=False, workers=1)) as sanitizer:
        result = sanitizer.sanitize(RECORD)
    for gone in ("山田", "太郎", "田中", "一郎", "2024年3月1日", "丸の内", "03-3212-4567", "6214", "ハーンシー"):
        assert gone not in result.text, gone
    for kept in ("さんは", "先生", "病院", "連絡先は", "同行した"):
        assert kept in result.text, kept


def test_under_auto_a_japanese_document_goes_to_the_japanese_engine():
    with (
        Sanitizer(Settings(language="ja", use_cache=False, workers=1)) as japanese,
        Sanitizer(Settings(language="auto", use_cache=False, workers=1)) as auto,
    ):
        assert auto.sanitize(RECORD).text == japanese.sanitize(RECORD).text


def test_a_loanword_the_dictionary_knows_is_no_name_but_an_unknown_katakana_word_is():
    from ic_sanitizer.extraction import open_extractor

    extractor = open_extractor("nltk", "ja")
    text = "シーズン中にナルイシキナ選手が活躍した。"
    found = {text[s.start : s.end]: s.kind for s in extractor.candidate_spans(text)}
    assert found.get("シーズン") is not TermKind.NAME
    assert found.get("ナルイシキナ") is TermKind.PERSON  # before an honorific


def test_japanese_ic_cuts_a_phrase_by_wordfreq_s_own_words():
    backend = _opened("ja")
    assert backend.count("日本") > backend.count("バドミントン") > backend.count("ナルイシキナ") > 0


def test_the_japanese_default_policy_counts_in_japanese():
    policy = load_policy("default", "ja")
    assert policy.backend is not None and policy.backend[1].endswith("-ja-best")


def test_a_japanese_text_without_full_stops_longer_than_sudachi_reads_at_once_is_sanitized():
    # Sudachi refuses more than 49,149 bytes at once; a run of one word has a frequency too small to write
    with Sanitizer(Settings(language="ja", use_cache=False, workers=1)) as sanitizer:
        result = sanitizer.sanitize("山田太郎さんは来た、" + "ア" * 50_000)
    assert "山田" not in result.text and result.text.startswith("[PERSON-1]さんは来た、")


@NEEDS_FAKER
def test_pseudonyms_of_a_japanese_record_are_japanese():
    settings = Settings(language="ja", use_cache=False, workers=1, mode="pseudonym", pseudonym_key=b"k" * 32)
    with Sanitizer(settings) as sanitizer:
        text = sanitizer.sanitize(RECORD).text
    for gone in ("山田", "田中", "丸の内", "03-3212-4567"):
        assert gone not in text, gone
    surrogate = text[: text.index("さんは")]
    assert surrogate and all("\u3040" <= c <= "\u30ff" or "\u4e00" <= c <= "\u9fff" for c in surrogate), surrogate


def test_review_reads_a_japanese_document_as_japanese_when_asked(tmp_path):
    assert "山田" in review_page(tmp_path, RECORD, "--language", "ja")  # the page holds the terms, for the reviewer
