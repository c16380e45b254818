"""Bad input that a new user met (issue 57): each refused in one line, or run as asked."""

from __future__ import annotations

import json
import os
import time

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app

from ..conftest import write_table

runner = CliRunner()


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
