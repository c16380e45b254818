"""A reference corpus of the genre (reference.py): what k of its documents hold is common in the domain."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from ic_sanitizer import Sanitizer, Settings
from ic_sanitizer.cli.app import app
from ic_sanitizer.corpus_stats.building.corpus_build import build_index
from ic_sanitizer.errors import ConfigurationError
from ic_sanitizer.report import run_report
from ic_sanitizer.stages import Reason

NOTE = "Seen with her daughter Maria Kowalczyk in Leeds. The flurbenator checks were done overnight."
#: a public note of the genre: its words, and a name that no reference may make common
PUBLIC = "Flurbenator checks as usual today. Maria Kowalczyk was not seen."


def _reference(folder: Path, documents: int, text: str = PUBLIC) -> Path:
    folder.mkdir()
    for number in range(documents):
        (folder / f"{number}.txt").write_text(text, encoding="utf-8")
    return folder


def _decided(settings: Settings, text: str = NOTE):
    with Sanitizer(settings) as sanitizer:
        result = sanitizer.sanitize(text)
        return result, run_report(sanitizer, [])


def test_a_term_masked_for_its_ic_is_kept_when_k_reference_documents_hold_it(tmp_path):
    plain, _ = _decided(Settings(use_cache=False))
    assert "flurbenator checks" not in plain.text  # rare in general English: masked
    result, report = _decided(Settings(use_cache=False, reference=_reference(tmp_path / "ref", 5)))
    assert "flurbenator checks" in result.text
    kept = next(t for t in result.terms if t.term.key == "flurbenator checks")
    assert kept.reason is Reason.REFERENCE and kept.reference_information_content == 0.0
    assert report["reference"].startswith("reference of 5 documents")


def test_a_name_the_reference_holds_is_still_decided_as_a_name(tmp_path):
    result, _ = _decided(Settings(use_cache=False, reference=_reference(tmp_path / "ref", 8)))
    assert "Kowalczyk" not in result.text and "Maria" not in result.text


def test_fewer_than_k_documents_keep_nothing(tmp_path):
    result, _ = _decided(Settings(use_cache=False, reference=_reference(tmp_path / "ref", 4)))
    assert "flurbenator checks" not in result.text
    term = next(t for t in result.terms if t.term.key == "flurbenator checks")
    assert term.reason is Reason.IC and term.reference_information_content == 0.0  # shown though not enough


def test_an_index_built_by_corpus_build_counts_the_whole_phrase(tmp_path):
    source = tmp_path / "source"
    source.mkdir()
    for number in range(5):  # each word in five documents, the phrase in none
        (source / f"{number}.txt").write_text("The flurbenator is new. The checks were stopped.", encoding="utf-8")
    build_index([source], tmp_path / "index")
    words_apart, _ = _decided(Settings(use_cache=False, reference=tmp_path / "index"))
    assert "flurbenator checks" not in words_apart.text
    counted_by_words, _ = _decided(Settings(use_cache=False, reference=source))
    assert "flurbenator checks" in counted_by_words.text  # a folder counts a phrase through its rarest word


def test_a_reference_that_cannot_be_read_is_refused_in_one_line(tmp_path):
    with pytest.raises(ConfigurationError, match="does not exist"):
        Sanitizer(use_cache=False, reference=tmp_path / "missing")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ConfigurationError, match="no document"):
        Sanitizer(use_cache=False, reference=tmp_path / "empty")


def test_the_cli_writes_nothing_inside_the_reference_and_says_when_it_kept_nothing(tmp_path, monkeypatch):
    monkeypatch.setenv("SANITIZER_CACHE_DIR", str(tmp_path / "cache"))
    reference = _reference(tmp_path / "ref", 5)
    note = tmp_path / "note.txt"
    note.write_text(NOTE, encoding="utf-8")
    inside = CliRunner().invoke(
        app, ["sanitize", str(note), "-o", str(reference / "out.txt"), "--reference", str(reference)]
    )
    assert inside.exit_code != 0 and "--reference" in inside.stderr and not (reference / "out.txt").exists()
    unrelated = _reference(tmp_path / "unrelated", 5, "The weather was fine.")
    run = CliRunner().invoke(app, ["sanitize", str(note), "--reference", str(unrelated), "--json"])
    assert run.exit_code == 0
    assert [line for line in run.stderr.splitlines() if line.startswith("note: --reference had no effect")]
    report = tmp_path / "report.json"
    CliRunner().invoke(app, ["sanitize", str(note), "--reference", str(reference), "--report", str(report)])
    terms = json.loads(report.read_text(encoding="utf-8"))["documents"][0]["terms"]
    assert any(term["rule"] == "reference" and term["reference_information_content"] == 0.0 for term in terms)
