"""Annotation formats: each read -> write -> read round trip is identical on the TAB gold,
eval on a converted gold scores as on TAB's own JSON, and a malformed file is one line."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ic_sanitizer.annotations.formats import FORMATS, format_of, module
from ic_sanitizer.cli.app import app
from ic_sanitizer.evaluation.gold import load_gold, to_documents

from ..conftest import ECHR_FIXTURE

runner = CliRunner()
FOLDERS = {"brat", "i2b2"}


def _target(tmp_path, name, suffix=""):
    return tmp_path / (
        name + suffix if name in FOLDERS else {"doccano": "g.jsonl", "label-studio": "g.json", "conll": "g.conll"}[name]
    )


@pytest.fixture(scope="module")
def tab_documents():
    texts = json.loads((ECHR_FIXTURE / "texts.json").read_text(encoding="utf-8"))
    return to_documents(load_gold(ECHR_FIXTURE / "gold.json"), texts)


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_read_write_read_is_identical_and_the_format_is_told_by_content(name, tab_documents, tmp_path):
    first = _target(tmp_path, name)
    module(name).write(tab_documents, first)
    assert format_of(first) == name
    read = module(name).read(first)
    second = _target(tmp_path, name, "2")
    module(name).write(read, second)
    again = module(name).read(second)
    assert {k: v.sorted() for k, v in again.items()} == {k: v.sorted() for k, v in read.items()}
    assert {k: v.text for k, v in read.items()} == {k: v.text for k, v in tab_documents.items()}
    if name != "conll":  # CoNLL widens a span to the tokens it touches: every other format keeps spans exactly
        assert {k: v.sorted() for k, v in read.items()} == {k: v.sorted() for k, v in tab_documents.items()}


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_eval_on_a_converted_gold_scores_as_on_the_original(name, tmp_path):
    for file_name in ("texts.json", "gold.json"):
        (tmp_path / file_name).write_bytes((ECHR_FIXTURE / file_name).read_bytes())
    target = _target(tmp_path, name)
    converted = runner.invoke(
        app,
        [
            "convert",
            str(tmp_path / "gold.json"),
            "--texts",
            str(tmp_path / "texts.json"),
            "--to",
            name,
            "-o",
            str(target),
        ],
    )
    assert converted.exit_code == 0, converted.stderr
    options = ["--json", "--cache-dir", str(tmp_path / "cache")]
    original = runner.invoke(
        app, ["eval", "--gold", str(tmp_path / "gold.json"), "--texts", str(tmp_path / "texts.json"), *options]
    )
    other = runner.invoke(app, ["eval", "--gold", str(target), *options])
    assert original.exit_code == 0 and other.exit_code == 0, (original.stderr, other.stderr)
    first, second = json.loads(original.stdout)["scores"], json.loads(other.stdout)["scores"]
    # BIO cannot nest: a gold mention inside another (some judgments' annotators overlap) is
    # one mention less in CoNLL, so its mention recall is not compared; its tokens are the same
    measures = ("token_precision", "token_recall", "tokens_kept") + (() if name == "conll" else ("mention_recall",))
    for measure in measures:
        assert second[measure] == pytest.approx(first[measure]), measure


@pytest.mark.parametrize(
    "name, content, message",
    [
        ("doccano", '{"text": "a", "label": [[0, "x"]]}\n', "not a doccano line"),
        ("label-studio", '[{"data": {}}]', "not Label Studio tasks"),
        ("conll", "John B-PER extra-column\nSmith\n", "not CoNLL/BIO"),
        ("i2b2", "<deIdi2b2><TEXT>x</TEXT><TAGS><NAME start='a' end='1'/></TAGS></deIdi2b2>", "not i2b2 XML"),
    ],
)
def test_a_malformed_file_is_refused_in_one_line(name, content, message, tmp_path):
    path = tmp_path / "gold.x"
    path.write_text(content, encoding="utf-8")
    result = runner.invoke(app, ["eval", "--gold", str(path), "--gold-format", name, "--no-cache"])
    assert result.exit_code == 1 and message in result.stderr, result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_brat_entity_line_that_is_not_one_is_named_with_its_line(tmp_path):
    (tmp_path / "a.txt").write_text("John Smith", encoding="utf-8")
    (tmp_path / "a.ann").write_text("T1\tPERSON 0 4\tJohn\nT2\tPERSON x y\tSmith\n", encoding="utf-8")
    result = runner.invoke(app, ["eval", "--gold", str(tmp_path), "--no-cache"])
    assert result.exit_code == 1 and "a.ann:2: not a BRAT entity line" in result.stderr


def test_sanitize_exports_its_results_in_every_annotation_format(tmp_path):
    from ic_sanitizer.cli.decisions_cmd import DecisionsFormat
    from ic_sanitizer.cli.report_output import ReportFormat

    assert {f.value for f in ReportFormat} == {"full", "presidio", *FORMATS}
    assert {f.value for f in DecisionsFormat} == {"allow-deny", "gold", *FORMATS}
    (tmp_path / "letter.txt").write_text("Mr John Smith, born on 12 March 1961, wrote from Leeds.\n", encoding="utf-8")
    for name in sorted(FORMATS):
        out = tmp_path / f"results-{name}"
        result = runner.invoke(
            app, ["sanitize", str(tmp_path / "letter.txt"), "--no-cache", "--report", str(out), "--report-format", name]
        )
        assert result.exit_code == 0, result.stderr
        documents = module(name).read(out)
        (document,) = documents.values()
        marked = {document.text[s.start : s.end] for s in document.spans}
        assert "Mr John Smith" in marked or "Mr John Smith" in " ".join(marked), (name, marked)
    # a document named by its path is written inside the folder, never beside its input
    assert sorted(path.name for path in tmp_path.iterdir() if path.name.startswith("letter")) == ["letter.txt"]
