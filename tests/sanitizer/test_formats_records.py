"""JSONL, JSON and CSV/TSV (issue 16): only the chosen fields are sanitized, everything
else comes out byte for byte; folders read files by extension in any case and count the
files they skip."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app
from ic_sanitizer.errors import InputError
from ic_sanitizer.formats.json_records import jsonl_layout
from ic_sanitizer.formats.table import table_layout

runner = CliRunner()
NAME = "Mr John Harding Brown"
#: a name in another field of a record, not in its text (what the text loses must not stand there)
OTHER = "Ms Ann Cleary"
TEXT = f"{NAME} wrote to {NAME.split()[-1]} from john.brown@example.org on 16 March 2009."


def _run(source, output, *options):
    result = runner.invoke(app, ["sanitize", str(source), "-o", str(output), "--workers", "1", *options])
    assert result.exit_code == 0, result.stderr
    return output.read_text(encoding="utf-8")


def _assert_only_replaced(before: str, after: str, sanitized_values: list[str], originals: list[str]):
    """``after`` is ``before`` with each original value's text replaced, nothing else."""
    expected = before
    for original, sanitized in zip(originals, sanitized_values):
        expected = expected.replace(original, sanitized, 1)
    assert after == expected


def test_jsonl_round_trip_changes_only_the_chosen_fields(tmp_path):
    source = tmp_path / "notes.jsonl"
    lines = [
        '{"id": 1,  "text": "%s", "meta": {"author": "%s"}, "score": 1.50}\n' % (TEXT, OTHER),
        "\n",
        '{"note":"%s","text":"Nothing here.","tags":["a", "b"]}\r\n' % TEXT,
        '{"id": 3, "text": "", "summary": "\\u00c9mile"}\n',  # an empty text: nothing to sanitize
    ]
    source.write_text("".join(lines), encoding="utf-8")
    out = _run(source, tmp_path / "out.jsonl", "--field", "text", "--field", "note")
    records = [json.loads(line) for line in out.splitlines() if line.strip()]
    first, second = records[0]["text"], records[1]["note"]
    assert "[PERSON-1]" in first and "Brown" not in first and "example.org" not in first and "Brown" not in second
    assert records[0]["meta"]["author"] == OTHER  # not a chosen field: untouched
    _assert_only_replaced(
        source.read_text(encoding="utf-8"), out, [json.dumps(first), json.dumps(second)], [f'"{TEXT}"', f'"{TEXT}"']
    )


def test_tab_json_both_shapes(tmp_path):
    by_id = tmp_path / "texts.json"
    by_id.write_text(json.dumps({"doc-1": TEXT, "doc-2": "Nothing here."}, indent=2), encoding="utf-8")
    out = json.loads(_run(by_id, tmp_path / "out.json"))
    assert list(out) == ["doc-1", "doc-2"] and "Brown" not in out["doc-1"] and out["doc-2"] == "Nothing here."
    listed = tmp_path / "tab.json"
    listed.write_text(
        json.dumps([{"doc_id": "d", "text": TEXT, "annotations": {"a": {"text": OTHER}}}]), encoding="utf-8"
    )
    out = json.loads(_run(listed, tmp_path / "out2.json"))
    assert "Brown" not in out[0]["text"] and out[0]["annotations"]["a"]["text"] == OTHER and out[0]["doc_id"] == "d"


@pytest.mark.parametrize("suffix, delimiter", [(".csv", ","), (".tsv", "\t"), (".CSV", ";")])
def test_csv_round_trip_changes_only_the_chosen_column(tmp_path, suffix, delimiter):
    d = delimiter
    source = tmp_path / f"export{suffix}"
    rows = [
        f"id{d}text{d}author\r\n",
        f'1{d}"{TEXT}"{d}"{OTHER}"\r\n',
        f"2{d}Nothing here.{d}x\r\n",
        f'3{d}{d}"a ""quoted"" cell"\r\n',
    ]
    source.write_text("".join(rows), encoding="utf-8", newline="")
    out = tmp_path / "out.csv"
    _run(source, out)
    raw = out.read_bytes().decode("utf-8")
    changed = raw.split("\r\n")[1]
    assert "Brown" not in changed.split(d)[1] and changed.endswith(f'"{OTHER}"')
    assert raw.split("\r\n")[0] + "\r\n" == rows[0] and raw.endswith(rows[2] + rows[3])


def _leaking_records(tmp_path, kind):
    """A file of two records: the first's other field holds the surname its text loses, the second's does not."""
    records = [
        {
            "doc_id": "x",
            "text": "Mr Jan Kowalski lives in Warsaw.",
            "annotations": {"a": {"entity_mentions": [{"span_text": "KOWALSKI"}]}},
        },
        {"doc_id": "y", "text": "The hearing was adjourned.", "note": "routine"},
    ]
    source = tmp_path / f"records.{kind}"
    if kind == "json":
        source.write_text(json.dumps(records), encoding="utf-8")
    elif kind == "jsonl":
        source.write_text("".join(json.dumps(record) + "\n" for record in records), encoding="utf-8")
    else:
        source.write_text(
            'doc_id,text,note\nx,"Mr Jan Kowalski lives in Warsaw.","about jan kowalski"\n'
            'y,"The hearing was adjourned.",routine\n',
            encoding="utf-8",
        )
    return source


@pytest.mark.parametrize("kind", ["json", "jsonl", "csv"])
def test_a_record_whose_other_field_holds_what_the_text_lost_is_refused_by_default(tmp_path, kind):
    source, output = _leaking_records(tmp_path, kind), tmp_path / f"out.{kind}"
    result = runner.invoke(app, ["sanitize", str(source), "-o", str(output), "--workers", "1"])
    assert result.exit_code == 1 and "text the sanitizer removed" in result.stderr and "--field" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and "Kowalski" not in result.stderr and not output.exists()


@pytest.mark.parametrize("kind", ["json", "jsonl", "csv"])
@pytest.mark.parametrize("choice", ["skip", "text"])
def test_on_bad_record_decides_a_record_whose_other_field_holds_what_the_text_lost(tmp_path, kind, choice):
    source, output = _leaking_records(tmp_path, kind), tmp_path / f"out.{kind}"
    result = runner.invoke(
        app, ["sanitize", str(source), "-o", str(output), "--workers", "1", "--on-bad-record", choice]
    )
    assert result.exit_code == 0, result.stderr
    written = output.read_text(encoding="utf-8")
    assert "kowalski" not in written.casefold() and "The hearing was adjourned." in written
    # skipped: the record is gone (null in a .json list); as text: its id stays, read as text
    assert ('"x"' in written or "x," in written) is (choice == "text")


def test_layouts_refuse_a_file_without_the_field_in_one_line():
    with pytest.raises(InputError, match="`fields`"):
        jsonl_layout('{"body": "x"}\n', "a.jsonl", ["text"])
    with pytest.raises(InputError, match="line 2 is not a JSON object"):
        jsonl_layout('{"text": "x"}\n[1, 2\n', "a.jsonl", ["text"])
    with pytest.raises(InputError, match="no column named"):
        table_layout("a,b\n1,2\n", "a.csv", ["text"], "csv")


def test_an_unchanged_structured_file_comes_out_byte_for_byte():
    text = '{"text": "caf\\u00e9  ok", "x": 1e5}\n{"text":"b"}'
    layout = jsonl_layout(text, "a.jsonl", [])
    assert layout.assemble(list(layout.pieces)) == text
    table = 'id;text\r\n1;"a; b"\r\n2;"multi\nline"'
    layout = table_layout(table, "a.csv", [], "csv")
    assert layout.pieces == ("a; b", "multi\nline") and layout.assemble(list(layout.pieces)) == table


def test_folders_read_kinds_by_extension_in_any_case_and_count_the_rest(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "A.TXT").write_text(TEXT, encoding="utf-8")
    (folder / "b.jsonl").write_text(json.dumps({"text": TEXT}) + "\n", encoding="utf-8")
    (folder / "notes.md").write_text(TEXT, encoding="utf-8")
    (folder / "image.PNG").write_bytes(b"\x89PNG")
    result = runner.invoke(app, ["sanitize", str(folder), "-o", str(tmp_path / "out"), "--workers", "1", "--json"])
    assert result.exit_code == 0, result.stderr
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["A.TXT", "b.jsonl"]
    assert "skipped 2 file(s)" in result.stderr and ".md: 1" in result.stderr and ".png: 1" in result.stderr
    summary = json.loads(result.stdout)
    assert sorted(summary["skipped"]) == [str(folder / "image.PNG"), str(folder / "notes.md")]
    assert {d["format"] for d in summary["documents"]} == {"text", "jsonl"}
    assert "Brown" not in (tmp_path / "out" / "b.jsonl").read_text(encoding="utf-8")


def test_a_nested_field_named_by_its_path_is_sanitized_with_the_text(tmp_path):
    record = {
        "doc_id": "x",
        "text": "Mr Jan Kowalski lives in Warsaw.",
        "meta": {"author": "kept as it is"},
        "annotations": {"a": {"entity_mentions": [{"span_text": "Jan Kowalski", "start_offset": 3}]}},
    }
    source = tmp_path / "records.jsonl"
    source.write_text(json.dumps(record) + "\n", encoding="utf-8")
    out = _run(source, tmp_path / "out.jsonl", "--field", "text", "--field", "annotations.a.entity_mentions.span_text")
    written = json.loads(out)
    assert "Kowalski" not in out and written["meta"] == record["meta"]
    assert written["annotations"]["a"]["entity_mentions"][0]["start_offset"] == 3


def test_in_a_folder_run_a_leaking_file_is_refused_alone(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    _leaking_records(folder, "jsonl")
    (folder / "plain.txt").write_text("Ms Anna Nowak was heard.", encoding="utf-8")
    output = tmp_path / "out"
    result = runner.invoke(app, ["sanitize", str(folder), "-o", str(output), "--workers", "1"])
    assert result.exit_code == 1 and "1 of 2 inputs failed" in result.stderr and "Kowalski" not in result.stderr
    assert sorted(path.name for path in output.iterdir()) == ["plain.txt"]
