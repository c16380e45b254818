"""The files that configure a run are guarded as documents are: never overwritten, never hanging the run."""

from __future__ import annotations

import json
import os

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app

runner = CliRunner()


@pytest.fixture
def run_folder(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "doc.txt").write_text("Mr John Brown lives in Leeds.\n", encoding="utf-8")
    (tmp_path / "allow.txt").write_text("Leeds\n", encoding="utf-8")
    (tmp_path / "names.json").write_text(json.dumps({"doc": "John Brown"}), encoding="utf-8")
    (tmp_path / "key").write_text("k" * 32, encoding="utf-8")
    os.mkfifo(tmp_path / "fifo")
    return tmp_path


@pytest.mark.parametrize("args, victim", [
    (["--allow", "allow.txt", "-o", "allow.txt"], "allow.txt"),
    (["--deny", "allow.txt", "--report", "allow.txt"], "allow.txt"),
    (["--protected-names", "names.json", "-o", "names.json"], "names.json"),
    (["--mode", "pseudonym", "--pseudonym-key-file", "key", "-o", "key"], "key"),
    (["--mapping", "map.json", "--mapping-key-file", "key", "-o", "key"], "key"),
    (["--policy", "names.json", "--report", "names.json"], "names.json"),
], ids=["allow-by-output", "deny-by-report", "names-by-output", "pseudonym-key", "mapping-key", "policy-by-report"])
def test_no_output_lands_on_an_option_file(run_folder, args, victim):
    before = (run_folder / victim).read_bytes()
    result = runner.invoke(app, ["sanitize", "doc.txt", *args])
    assert result.exit_code == 2 and "inputs are never overwritten" in result.stderr
    assert (run_folder / victim).read_bytes() == before


def test_the_mapping_and_the_published_text_are_never_one_file(run_folder):
    result = runner.invoke(app, ["sanitize", "doc.txt", "--mapping", "out.txt", "-o", "out.txt"])
    assert result.exit_code == 2 and "of the same run" in result.stderr and not (run_folder / "out.txt").exists()


@pytest.mark.parametrize("option", ["--allow", "--deny", "--policy", "--protected-names", "--decisions"])
@pytest.mark.parametrize("path", ["fifo", "/dev/zero", "/dev/urandom"], ids=["fifo", "dev-zero", "dev-urandom"])
def test_an_option_file_that_is_not_a_regular_file_is_refused_in_one_line(run_folder, option, path):
    result = runner.invoke(app, ["sanitize", "doc.txt", option, path])
    assert result.exit_code != 0 and "not a regular file" in result.stderr and option in result.stderr
    assert len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize("option", ["--policy", "--protected-names", "--decisions"])
def test_deeply_nested_json_in_an_option_file_is_one_line(run_folder, option):
    (run_folder / "deep.json").write_text("[" * 100_000, encoding="utf-8")
    result = runner.invoke(app, ["sanitize", "doc.txt", option, "deep.json"])
    assert result.exit_code != 0 and "nested too deeply" in result.stderr and len(result.stderr.splitlines()) == 1


@pytest.mark.parametrize("source", ["file", "environment"])
def test_a_short_pseudonym_key_is_refused_from_a_file_and_the_environment(run_folder, monkeypatch, source):
    (run_folder / "short").write_text("k", encoding="utf-8")
    args = ["sanitize", "doc.txt", "--mode", "pseudonym"]
    if source == "file":
        args += ["--pseudonym-key-file", "short"]
    else:
        monkeypatch.setenv("SANITIZER_PSEUDONYM_KEY", "k")
    result = runner.invoke(app, args)
    assert result.exit_code != 0 and "at least 16 bytes" in result.stderr and len(result.stderr.splitlines()) == 1


def test_a_pseudonym_key_file_that_is_a_fifo_is_refused(run_folder):
    result = runner.invoke(app, ["sanitize", "doc.txt", "--mode", "pseudonym", "--pseudonym-key-file", "fifo"])
    assert result.exit_code != 0 and "not a regular file" in result.stderr


@pytest.mark.parametrize("value", ["nan", "inf", "-1"])
def test_review_refuses_a_max_input_that_is_not_a_positive_number(run_folder, value):
    result = runner.invoke(app, ["review", "doc.txt", "-o", "r.html", "--max-input-mb", value])
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1 and not (run_folder / "r.html").exists()


@pytest.mark.parametrize("args", [["-o", "fifo"], ["--report", "fifo"], ["--mapping", "fifo"], ["-o", "-"]],
                         ids=["output-fifo", "report-fifo", "mapping-fifo", "output-dash"])
def test_an_output_naming_a_fifo_or_a_dash_is_refused_not_replaced(run_folder, args):
    result = runner.invoke(app, ["sanitize", "doc.txt", *args])
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1
    assert (run_folder / "fifo").is_fifo() and not (run_folder / "-").exists()
