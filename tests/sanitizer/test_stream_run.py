"""A large JSONL file is sanitized in parts (cli/stream_run.py), with the same output as the
file read whole. The size above which a file streams is lowered here so that a small file of
invented notes takes that path."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli import stream_run
from ic_sanitizer.cli.app import app

WIVES = ["MARIA", "LINDA", "PRIYA", "GRACE", "FATIMA", "SARAH", "ANNA"]


def _records() -> list[dict]:
    records = [
        {
            "id": n,
            "patient": f"P{n % 7}",
            "text": f"PT SEEN. WIFE {WIVES[n % 7]} VISITED. CHEST PHYSIO DONE, BP 120/80.",
        }
        for n in range(40)
    ]
    records.insert(5, {"id": "no-text", "patient": "P1"})  # a bad record, as --on-bad-record says
    return records


def _run(tmp_path, name: str, *options: str):
    source, output = tmp_path / "notes.jsonl", tmp_path / f"{name}.jsonl"
    if not source.exists():
        source.write_text("".join(json.dumps(r) + "\n" for r in _records()), encoding="utf-8")
    args = ["sanitize", str(source), "-o", str(output), "--no-cache", "--workers", "1", *options]
    return CliRunner().invoke(app, args), output


@pytest.mark.parametrize("options", [(), ("--subject-field", "patient"), ("--on-bad-record", "skip")])
def test_a_file_sanitized_in_parts_is_the_file_sanitized_whole(tmp_path, monkeypatch, options):
    whole, whole_output = _run(tmp_path, "whole", "--on-bad-record", "text", *options)
    monkeypatch.setattr(stream_run, "STREAM_ABOVE_BYTES", 0)
    monkeypatch.setattr(stream_run, "PART_LINES", 7)
    parts, parts_output = _run(tmp_path, "parts", "--on-bad-record", "text", *options)
    assert whole.exit_code == parts.exit_code == 0, (whole.stderr, parts.stderr)
    assert "sanitized in parts" in parts.stderr and "sanitized in parts" not in whole.stderr
    assert parts_output.read_bytes() == whole_output.read_bytes()
    assert "MARIA" not in parts_output.read_text(encoding="utf-8")


def test_a_bad_record_in_a_later_part_leaves_no_output(tmp_path, monkeypatch):
    monkeypatch.setattr(stream_run, "STREAM_ABOVE_BYTES", 0)
    monkeypatch.setattr(stream_run, "PART_LINES", 7)
    result, output = _run(tmp_path, "parts")
    assert result.exit_code == 1 and "line 6" in result.stderr
    assert not output.exists() and not list(tmp_path.glob(".parts.jsonl.*"))
