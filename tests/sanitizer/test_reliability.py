"""Bad input that a new user met (issue 57): each refused in one line, or run as asked."""

from __future__ import annotations

import json
import os
import time

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app

from ..conftest import NEEDS_FAKER, needs, write_table

runner = CliRunner()
NEEDS_DOCX = needs("docx", "docx")


@pytest.mark.parametrize("name", ["hmac-key", "cache.db"])
def test_a_fifo_in_the_count_cache_is_refused_in_one_line_and_cache_clear_repairs_it(tmp_path, name):
    cache = tmp_path / "cache"
    cache.mkdir()
    os.mkfifo(cache / name)
    document = tmp_path / "doc.txt"
    document.write_text("Mr John Smith lives in Leeds.", encoding="utf-8")
    started = time.monotonic()
    refused = runner.invoke(app, ["sanitize", str(document), "--cache-dir", str(cache)])
    assert refused.exit_code == 1 and time.monotonic() - started < 5
    assert "is damaged" in refused.stderr and len(refused.stderr.strip().splitlines()) == 1
    repaired = runner.invoke(app, ["cache", "clear", "--cache-dir", str(cache)])
    assert repaired.exit_code == 0
    assert not (cache / name).exists() or (cache / name).is_file()
    assert runner.invoke(app, ["sanitize", str(document), "--cache-dir", str(cache)]).exit_code == 0


@pytest.mark.parametrize("text", [["a", "b"], 5], ids=["list", "number"])
def test_a_tab_gold_file_whose_text_is_not_text_is_one_line_naming_the_document(tmp_path, text):
    mention = {"entity_type": "PERSON", "start_offset": 0, "end_offset": 3, "identifier_type": "DIRECT"}
    gold = tmp_path / "gold.json"
    gold.write_text(
        json.dumps([{"doc_id": "d7", "text": text, "annotations": {"a": {"entity_mentions": [mention]}}}]),
        encoding="utf-8",
    )
    result = runner.invoke(app, ["eval", "--gold", str(gold), "--no-cache"])
    assert result.exit_code == 1 and "internal error" not in result.stderr
    assert "'d7'" in result.stderr and '"text"' in result.stderr


def test_tune_on_a_table_back_end_with_a_beta_runs(tmp_path):
    table = write_table(tmp_path / "counts.json", 10**6, {"leeds": 10, "nurse": 500})
    texts, gold = tmp_path / "texts.json", tmp_path / "gold.json"
    texts.write_text(json.dumps({"d1": "Mr John Smith lives in Leeds."}), encoding="utf-8")
    gold.write_text(json.dumps({"d1": [[3, 13, "PERSON"], [23, 28, "LOC"]]}), encoding="utf-8")
    args = ["tune", "--gold", str(gold), "--texts", str(texts), "--backend", f"table:{table}", "--beta", "5"]
    result = runner.invoke(app, [*args, "--no-cache"])
    assert result.exit_code == 0, result.stderr
    assert "recommended" in result.stdout


def test_serve_help_names_the_token_variable():
    result = runner.invoke(app, ["serve", "--help"])
    assert "SANITIZER_SERVICE_TOKEN" in result.stdout and "${" not in result.stdout


def _docx_of(path, paragraph: str) -> None:
    import docx

    document = docx.Document()
    document.add_paragraph(paragraph)
    document.save(str(path))


@NEEDS_DOCX
def test_a_word_paragraph_of_one_sentence_repeated_is_sanitized_as_its_text(tmp_path):
    import docx

    sentence = "Mr Jan Kowalski met Dr Anna Wisniewska in Warsaw on 3 May 1970. "
    paragraph = sentence * 120  # 7,800 characters: changes every few words, nowhere to resync
    _docx_of(tmp_path / "form.docx", paragraph)
    (tmp_path / "form.txt").write_text(paragraph, encoding="utf-8")
    for kind in ("docx", "txt"):
        args = ["sanitize", str(tmp_path / f"form.{kind}"), "-o", str(tmp_path / f"out.{kind}"), "--no-cache"]
        assert runner.invoke(app, args).exit_code == 0
    written = docx.Document(str(tmp_path / "out.docx")).paragraphs[0].text
    assert written == (tmp_path / "out.txt").read_text(encoding="utf-8") and "Kowalski" not in written


@NEEDS_DOCX
def test_the_input_limit_applies_to_the_text_a_word_document_holds(tmp_path):
    _docx_of(tmp_path / "big.docx", "Mr Jan Kowalski met Dr Anna Wisniewska. " * 8000)  # packs to a few kB
    args = ["sanitize", str(tmp_path / "big.docx"), "-o", str(tmp_path / "out.docx"), "--max-input-mb", "0.2"]
    result = runner.invoke(app, args)
    assert result.exit_code == 1 and "its text is above the input limit" in result.stderr
    assert not (tmp_path / "out.docx").exists()


@pytest.mark.parametrize("mode", ["tag", pytest.param("pseudonym", marks=NEEDS_FAKER), "hash"])
def test_a_persons_name_inside_a_code_is_masked_as_the_person(mode):
    from ic_sanitizer import Sanitizer, Settings

    text = (
        "The file kowalski-1970/ab was sent by Mr Jan Kowalski. Reference jkowalski_2019 and case no. kowalski/12/2001."
    )
    with Sanitizer(Settings(use_cache=False, workers=1, mode=mode, pseudonym_key=b"k" * 32)) as sanitizer:
        result = sanitizer.sanitize(text)
    assert "kowalski" not in result.text.lower()
    if mode == "tag":
        assert result.text.startswith("The file [PERSON-1]-1970/ab was sent by [PERSON-1].")


def test_a_name_part_inside_a_longer_word_is_left_alone():
    from ic_sanitizer.names_in_codes import with_names_in_codes
    from ic_sanitizer.stages import Decision, ScoredTerm
    from ic_sanitizer.terms import CandidateTerm, Span, TermKind

    text = "Mr Mark Hughes opened bookmark-2.html and files/hughes-3/MARK_1."
    person = CandidateTerm("mr mark hughes", "Mr Mark Hughes", TermKind.PERSON, (Span(0, 14),))
    decided = with_names_in_codes(text, [ScoredTerm(person, 0, None, Decision.SENSITIVE, entity="mr mark hughes")])
    found = sorted(text[m.start : m.end] for s in decided[1:] for m in s.term.mentions)
    assert found == ["MARK", "hughes"]  # in the path, not in "bookmark"
    assert all(s.entity == "mr mark hughes" and s.removed for s in decided)


def test_a_full_disk_during_corpus_build_is_one_line_and_leaves_nothing(tmp_path, monkeypatch):
    import tantivy

    real = tantivy.Index

    class FullDisk:
        """tantivy's index, whose writes fail as on a full disk (tantivy's own ValueError)."""

        def __init__(self, *args, **kwargs):
            self._index = real(*args, **kwargs)

        def __getattr__(self, name):
            return getattr(self._index, name)

        def writer(self, *args, **kwargs):
            index = self

            class Writer:
                def __init__(self):
                    self._writer = index._index.writer(*args, **kwargs)

                def __getattr__(self, name):
                    return getattr(self._writer, name)

                def commit(self):
                    raise ValueError("An IO error occurred: 'No space left on device (os error 28)'")

            return Writer()

    monkeypatch.setattr(tantivy, "Index", FullDisk)
    (tmp_path / "corpus").mkdir()
    (tmp_path / "corpus" / "a.txt").write_text("The court sat in Warsaw.", encoding="utf-8")
    result = runner.invoke(app, ["corpus", "build", str(tmp_path / "corpus"), "--out", str(tmp_path / "index")])
    assert result.exit_code == 1 and "no space left on the device" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus"]


@NEEDS_DOCX
def test_a_year_masked_in_a_word_documents_text_may_stand_in_its_own_dates(tmp_path):
    import datetime

    import docx

    document = docx.Document()
    document.add_paragraph("Mr Jan Kowalski was born on 3 May 2019 in Warsaw.")
    document.core_properties.created = datetime.datetime(2019, 5, 3)  # the file's own date holds "2019"
    document.core_properties.author = ""
    document.save(str(tmp_path / "a.docx"))
    result = runner.invoke(app, ["sanitize", str(tmp_path / "a.docx"), "-o", str(tmp_path / "out.docx")])
    assert result.exit_code == 0, result.stderr
    written = docx.Document(str(tmp_path / "out.docx")).paragraphs[0].text
    assert "Kowalski" not in written and "2019" not in written
