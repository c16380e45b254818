"""A record with no text where text is expected is refused, skipped or sanitized as text: never copied through."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app

runner = CliRunner()
NAME = "Mr John Harding Brown"

BAD_FILES = {
    "jsonl-missing-field": ("records.jsonl", f'{{"text": "{NAME} wrote."}}\n{{"note": "{NAME} again"}}\n'),
    "jsonl-number": ("records.jsonl", f'{{"text": "{NAME} wrote."}}\n{{"text": 441234567, "who": "{NAME}"}}\n'),
    "jsonl-list": ("records.jsonl", f'{{"text": "{NAME} wrote."}}\n{{"text": ["{NAME}"]}}\n'),
    "jsonl-object": ("records.jsonl", f'{{"text": "{NAME} wrote."}}\n{{"text": {{"name": "{NAME}"}}}}\n'),
    "json-list-mixed": ("records.json", json.dumps([{"text": f"{NAME} wrote."}, f"{NAME} again"])),
    "json-dict-object": ("docs.json", json.dumps({"d1": f"{NAME} wrote.", "d2": {"name": NAME}})),
    "csv-long-row": ("table.csv", f"id,text\n1,{NAME} wrote.\n2,fine,{NAME}\n"),
    "csv-short-row": ("table.csv", f"id,text,who\n1,{NAME} wrote.,x\n{NAME}\n"),
}


def _write(tmp_path, case):
    name, content = BAD_FILES[case]
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    return path, tmp_path / f"out-{name}"


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_a_bad_record_is_refused_by_default_in_one_line(tmp_path, case):
    path, out = _write(tmp_path, case)
    result = runner.invoke(app, ["sanitize", str(path), "-o", str(out), "--no-cache"])
    assert result.exit_code != 0 and len(result.stderr.splitlines()) == 1, result.stderr
    assert not out.exists() and "Brown" not in result.stderr


@pytest.mark.parametrize("mode", ["skip", "text"])
@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_no_bad_record_reaches_the_output_with_its_name(tmp_path, case, mode):
    path, out = _write(tmp_path, case)
    result = runner.invoke(app, ["sanitize", str(path), "-o", str(out), "--no-cache", "--on-bad-record", mode])
    assert result.exit_code == 0, result.stderr
    written = out.read_text(encoding="utf-8")
    assert "Brown" not in written and "John" not in written
    if mode == "text":
        assert "[PERSON-" in written


def test_skipped_records_leave_the_file_well_formed(tmp_path):
    path, out = _write(tmp_path, "json-list-mixed")
    assert runner.invoke(app, ["sanitize", str(path), "-o", str(out), "--on-bad-record", "skip"]).exit_code == 0
    assert json.loads(out.read_text(encoding="utf-8"))[1] is None
    path, out = _write(tmp_path, "jsonl-missing-field")
    assert runner.invoke(app, ["sanitize", str(path), "-o", str(out), "--on-bad-record", "skip"]).exit_code == 0
    assert len(out.read_text(encoding="utf-8").splitlines()) == 1
