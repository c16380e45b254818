"""The CLI's options of issue 12: --relatedness, --protect, --protected-names, --s3-k."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from ic_sanitizer.cli.app import app

from ..conftest import write_table

runner = CliRunner()
TEXT = "Kowalski moved to Warsaw in March 1990 and later to Lisbon. The doctor met him.\n"


def _run(tmp_path, *options):
    table = write_table(
        tmp_path / "t.json",
        2**20,
        {"kowalski": 1, "warsaw": 2**8, "march 1990": 2**4, "lisbon": 2**9, "anna nowak": 16},
        [(["anna nowak", "warsaw"], 16)],
    )
    document = tmp_path / "case-7.txt"
    document.write_text(TEXT, encoding="utf-8")
    report = tmp_path / "report.json"
    result = runner.invoke(
        app,
        [
            "sanitize",
            str(document),
            "-b",
            f"table:{table}",
            "--policy",
            "paper",
            "--beta",
            "18",
            "--w",
            "0.5",
            "--no-cache",
            "--report",
            str(report),
            *options,
        ],
    )
    return result, (json.loads(report.read_text(encoding="utf-8")) if result.exit_code == 0 else None)


def test_protected_names_per_document_and_s3_from_the_command_line(tmp_path):
    names = tmp_path / "names.json"
    names.write_text(json.dumps({"case-7": "Anna Nowak"}), encoding="utf-8")
    result, report = _run(tmp_path, "--protected-names", str(names), "--s3-k", "5", "--relatedness", "npmi")
    assert result.exit_code == 0, result.output
    document = report["documents"][0]
    assert document["stages"]["s2"]["protected"] == ["Anna Nowak"]
    assert report["settings"]["relatedness"] == "npmi" and report["settings"]["s3"]["k"] == 5
    stages = {t["key"]: t["stage"] for t in document["terms"]}
    assert stages["warsaw"] == "S2" and stages["march 1990"] == "S3"
    assert "Warsaw" not in result.output


def test_bad_protected_names_file_is_one_line_naming_it(tmp_path):
    names = tmp_path / "names.json"
    names.write_text("[1, 2]", encoding="utf-8")
    result, _ = _run(tmp_path, "--protected-names", str(names))
    assert result.exit_code == 1
    assert result.output.strip().count("\n") == 0 and "names.json" in result.output


def test_unknown_relatedness_is_a_usage_error(tmp_path):
    result, _ = _run(tmp_path, "--relatedness", "dice")
    assert result.exit_code == 2 and "--relatedness" in result.output
