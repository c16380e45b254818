"""The command line: bad input, folders, JSON output, exit codes."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app

from ..conftest import PAPER_COUNTS, PAPER_TEXT, write_table

SECRET = "Kowalski"
runner = CliRunner()


def _document(tmp_path, name="doc.txt", text=f"Mr {SECRET} lives in Warsaw with his doctor.\n"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _assert_clean_failure(result, code, *, output=None, inputs=()):
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    assert "Traceback" not in result.stderr and SECRET not in result.stderr
    if output is not None:
        assert not output.exists()
        assert not any(p.name.startswith(f".{output.name}.") for p in output.parent.iterdir()), "temporary file left"
    for path, content in inputs:
        assert path.read_bytes() == content


def _bad_file(tmp_path, kind):
    path = tmp_path / f"{kind}.txt"
    if kind == "empty":
        path.write_bytes(b"")
    elif kind == "blank":
        path.write_bytes(b"  \n\n\t")
    elif kind == "binary":
        path.write_bytes(b"\x7fELF\x00\x01\x02" + SECRET.encode())
    elif kind == "invalid-utf8":
        path.write_bytes(SECRET.encode() + b" \x81\x8d\x90\x9d caf\xe9")  # no single-byte encoding reads it
    elif kind == "50mb":
        with path.open("wb") as handle:
            line = (SECRET + " lives in Warsaw. ").encode() * 64 + b"\n"
            for _ in range(50_000_000 // len(line) + 1):
                handle.write(line)
    return path


@pytest.mark.parametrize(
    "kind, message",
    [
        ("empty", "empty"),
        ("blank", "empty"),
        ("binary", "binary"),
        ("invalid-utf8", "not valid UTF-8"),
        ("50mb", "above the input limit"),
    ],
)
def test_unusable_input_gets_one_line_and_no_output(tmp_path, kind, message):
    source = _bad_file(tmp_path, kind)
    content = source.read_bytes()
    output = tmp_path / "out.txt"
    result = runner.invoke(app, ["sanitize", str(source), "-o", str(output)])
    _assert_clean_failure(result, 1, output=output, inputs=[(source, content)])
    assert message in result.stderr


def test_missing_file(tmp_path):
    result = runner.invoke(app, ["sanitize", str(tmp_path / "absent.txt"), "-o", str(tmp_path / "out.txt")])
    _assert_clean_failure(result, 1, output=tmp_path / "out.txt")
    assert "no such file" in result.stderr


def test_directory_where_a_file_is_expected(tmp_path):
    result = runner.invoke(app, ["terms", str(tmp_path)])
    _assert_clean_failure(result, 1)
    assert "is a directory" in result.stderr


@pytest.mark.parametrize(
    "options, message",
    [
        (["--w", "1.5"], "--w must lie in [0, 1]"),
        (["--w", "-0.1"], "--w must lie in [0, 1]"),
        (["--beta", "0"], "--beta must be a finite positive"),
        (["--beta", "-3"], "--beta must be a finite positive"),
        (["--backend", "bing"], "known back-ends: es, infinigram, local, mojeek, serpapi, starter, table, wordfreq"),
        (["--beta", "10", "--beta-term", "x"], "either --beta or --beta-term"),
    ],
    ids=["w-above-1", "w-negative", "beta-zero", "beta-negative", "unknown-backend", "both-betas"],
)
def test_bad_options_are_usage_errors(tmp_path, options, message):
    source = _document(tmp_path)
    content = source.read_bytes()
    output = tmp_path / "out.txt"
    result = runner.invoke(app, ["sanitize", str(source), "-o", str(output), *options])
    _assert_clean_failure(result, 2, output=output, inputs=[(source, content)])
    assert message in result.stderr


@pytest.mark.parametrize("content", ["{broken", None], ids=["malformed", "missing"])
def test_unreadable_table_file(tmp_path, content):
    table = tmp_path / "counts.json"
    if content is not None:
        table.write_text(content, encoding="utf-8")
    source = _document(tmp_path)
    output = tmp_path / "out.txt"
    result = runner.invoke(app, ["sanitize", str(source), "-o", str(output), "--backend", f"table:{table}"])
    _assert_clean_failure(result, 1, output=output)
    assert "counts.json" in result.stderr


def test_beta_term_absent_from_backend_is_reported_without_quoting_it(tmp_path):
    table = write_table(tmp_path / "t.json", 1000, {"warsaw": 10})
    result = runner.invoke(
        app, ["sanitize", str(_document(tmp_path)), "--backend", f"table:{table}", "--beta-term", SECRET]
    )
    _assert_clean_failure(result, 2)
    assert "--beta-term has no count" in result.stderr


def test_output_may_not_overwrite_the_input(tmp_path):
    source = _document(tmp_path)
    content = source.read_bytes()
    result = runner.invoke(app, ["sanitize", str(source), "-o", str(source)])
    _assert_clean_failure(result, 2, inputs=[(source, content)])


def test_folder_in_gives_folder_out_and_leaves_inputs_untouched(tmp_path):
    source = tmp_path / "in"
    (source / "sub").mkdir(parents=True)
    first = _document(source, "a.txt")
    second = _document(source / "sub", "b.txt", "The patient suffers from acquired immunodeficiency syndrome.\n")
    (source / "notes.md").write_text("ignored", encoding="utf-8")
    before = {p: p.read_bytes() for p in (first, second)}
    output = tmp_path / "out"
    result = runner.invoke(
        app,
        [
            "sanitize",
            str(source),
            "-o",
            str(output),
            "--workers",
            "2",
            "--json",
            "--backend",
            f"table:{PAPER_COUNTS}",
            "--beta",
            "14",
            "--policy",
            "paper",
        ],
    )
    assert result.exit_code == 0, result.stderr
    assert sorted(p.relative_to(output).as_posix() for p in output.rglob("*.txt")) == ["a.txt", "sub/b.txt"]
    assert "acquired immunodeficiency syndrome" not in (output / "sub" / "b.txt").read_text(encoding="utf-8")
    assert all(path.read_bytes() == content for path, content in before.items())
    summary = json.loads(result.stdout)
    assert summary["schema_version"] == 1 and len(summary["documents"]) == 2


def test_folder_input_needs_an_output_folder(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    _document(folder)
    result = runner.invoke(app, ["sanitize", str(tmp_path / "in")])
    _assert_clean_failure(result, 2)


def test_stdin_to_stdout_with_tag_mode():
    text = PAPER_TEXT.read_text(encoding="utf-8")
    result = runner.invoke(
        app,
        ["sanitize", "-", "--backend", f"table:{PAPER_COUNTS}", "--beta", "14", "--policy", "paper", "--mode", "tag"],
        input=text,
    )
    assert result.exit_code == 0, result.stderr
    assert result.stdout.startswith("The patient suffers from [TERM-1] because of")


def test_terms_lists_candidates_by_decreasing_ic_as_json():
    result = runner.invoke(
        app, ["terms", str(PAPER_TEXT), "--backend", f"table:{PAPER_COUNTS}", "--policy", "paper", "--json"]
    )
    assert result.exit_code == 0, result.stderr
    terms = json.loads(result.stdout)["terms"]
    values = [t["information_content"] for t in terms]
    assert values == sorted(values, reverse=True)
    assert terms[0]["term"] == "acquired immunodeficiency syndrome"


def test_backends_lists_availability():
    result = runner.invoke(app, ["backends", "--json"])
    assert result.exit_code == 0
    names = {b["name"]: b for b in json.loads(result.stdout)["backends"]}
    assert {"table", "wordfreq"} <= set(names) and names["wordfreq"]["missing"] is None


def test_a_real_process_fails_in_one_line_without_traceback(tmp_path):
    source = _bad_file(tmp_path, "invalid-utf8")
    completed = subprocess.run(
        [sys.executable, "-m", "ic_sanitizer", "sanitize", str(source)], capture_output=True, text=True, check=False
    )
    assert completed.returncode == 1
    assert completed.stderr.count("\n") == 1 and "Traceback" not in completed.stderr
    assert SECRET not in completed.stderr and completed.stdout == ""
