"""The German tax identification number: one recognizer module, its own table."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app
from ic_sanitizer.recognizers import identifier_spans
from ic_sanitizer.recognizers.de.tax_id import TAX_ID
from ic_sanitizer.terms import TermKind


@pytest.mark.parametrize(
    "text, found",
    [
        ("Steuer-ID: 36 574 261 809", "36 574 261 809"),
        ("seine IdNr 36574261809 wurde", "36574261809"),
        ("Steueridentifikationsnummer 36574261809.", "36574261809"),
        ("Steuer-ID: 36 574 261 808", None),  # the checksum fails
        ("Telefon 36574261809", None),  # no label: one number in ten passes the checksum by chance
        ("IdNr 365742618091", None),  # twelve digits
    ],
)
def test_the_tax_id_is_found_after_its_label_when_its_checksum_holds(text, found):
    spans = [(start, end) for start, end in TAX_ID.find(text)]
    assert [text[start:end] for start, end in spans] == ([found] if found else [])


def test_it_runs_with_the_others_as_a_code():
    text = "Der Kläger (Steuer-ID: 36 574 261 809) wohnt in Berlin."
    codes = [text[s.start : s.end] for s in identifier_spans(text) if s.kind is TermKind.CODE]
    assert codes == ["36 574 261 809"]


def test_it_is_listed_by_the_recognizers_command():
    result = CliRunner().invoke(app, ["recognizers", "--json"])
    assert result.exit_code == 0, result.stderr
    row = next(r for r in json.loads(result.stdout)["recognizers"] if r["name"] == "de_tax_id")
    assert row["kind"] == "code" and row["country"] == "DE"
