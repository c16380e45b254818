"""Invisible formatting characters (bidirectional controls, zero-width spaces, soft
hyphens, tag characters) are removed from the texts the engine reads, and said so."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app
from ic_sanitizer.formats.invisible import count_invisible, without_invisible

runner = CliRunner()

RLO, ZWSP, SHY, ZWJ = "\u202e", "\u200b", "\u00ad", "\u200d"


def test_the_invisible_characters_go_and_the_joiners_stay():
    text = f"Mr John {RLO}Smith, Ber{SHY}lin{ZWSP}, \U000e0041\U000e0042 👩{ZWJ}⚕️"
    assert without_invisible(text) == "Mr John Smith, Berlin,  👩\u200d⚕️"
    assert count_invisible(text) == 5


def test_a_name_split_or_reversed_by_an_invisible_character_is_masked_whole(tmp_path):
    source = tmp_path / "doc.txt"
    source.write_text(f"Mr John {RLO}Smith lives in Leeds. Mrs Ann{ZWSP}e Brown met him.\n", encoding="utf-8")
    result = runner.invoke(app, ["sanitize", str(source), "--no-cache"])
    assert result.exit_code == 0, result.stderr
    assert RLO not in result.stdout and ZWSP not in result.stdout
    assert "Smith" not in result.stdout and "e Brown" not in result.stdout and "]e " not in result.stdout
    assert "2 invisible formatting character(s) removed" in result.stderr


def test_an_escaped_bidi_control_in_a_json_field_is_removed_and_the_rest_kept(tmp_path):
    source = tmp_path / "records.jsonl"
    source.write_text(json.dumps({"id": 7, "text": f"Mr John {RLO}Smith lives in Leeds."}) + "\n", encoding="utf-8")
    output = tmp_path / "out.jsonl"
    result = runner.invoke(app, ["sanitize", str(source), "-o", str(output), "--no-cache"])
    assert result.exit_code == 0, result.stderr
    record = json.loads(output.read_text(encoding="utf-8"))
    assert record["id"] == 7 and RLO not in record["text"] and "Smith" not in record["text"]


@pytest.mark.parametrize("command", ["sanitize", "review"])
def test_a_text_without_them_says_nothing(tmp_path, command):
    source = tmp_path / "doc.txt"
    source.write_text("Mr John Smith lives in Leeds.\n", encoding="utf-8")
    args = [command, str(source), "--no-cache"] + (["-o", str(tmp_path / "page.html")] if command == "review" else [])
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.stderr
    assert "invisible" not in result.stderr


def test_the_review_page_holds_no_bidi_control_of_the_document(tmp_path):
    source = tmp_path / "doc.txt"
    source.write_text(f"Mr John {RLO}Smith lives in Leeds.\n", encoding="utf-8")
    page = tmp_path / "page.html"
    result = runner.invoke(app, ["review", str(source), "-o", str(page), "--no-cache"])
    assert result.exit_code == 0, result.stderr
    html = page.read_text(encoding="utf-8")
    assert RLO not in html and "\\u202e" not in html.lower() and "invisible formatting" in result.stderr
