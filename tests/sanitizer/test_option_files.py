"""The files that configure a run are guarded as documents are: never overwritten, never hanging the run."""

from __future__ import annotations

import inspect
import json
import os
import typing

import pytest
import typer
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app, command_tree

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


@pytest.mark.parametrize(
    "args, victim",
    [
        (["--allow", "allow.txt", "-o", "allow.txt"], "allow.txt"),
        (["--deny", "allow.txt", "--report", "allow.txt"], "allow.txt"),
        (["--protected-names", "names.json", "-o", "names.json"], "names.json"),
        (["--mode", "pseudonym", "--pseudonym-key-file", "key", "-o", "key"], "key"),
        (["--mapping", "map.json", "--mapping-key-file", "key", "-o", "key"], "key"),
        (["--policy", "names.json", "--report", "names.json"], "names.json"),
    ],
    ids=["allow-by-output", "deny-by-report", "names-by-output", "pseudonym-key", "mapping-key", "policy-by-report"],
)
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


@pytest.mark.parametrize(
    "args",
    [["-o", "fifo"], ["--report", "fifo"], ["--mapping", "fifo"], ["-o", "-"]],
    ids=["output-fifo", "report-fifo", "mapping-fifo", "output-dash"],
)
def test_an_output_naming_a_fifo_or_a_dash_is_refused_not_replaced(run_folder, args):
    result = runner.invoke(app, ["sanitize", "doc.txt", *args])
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1
    assert (run_folder / "fifo").is_fifo() and not (run_folder / "-").exists()


def _tune_collection(folder):
    text = "The Court heard Mr John Brown on 1 May 2001."
    (folder / "texts.json").write_text(json.dumps({"d1": text}), encoding="utf-8")
    (folder / "gold.json").write_text(json.dumps({"d1": [[16, 29, "PERSON"]]}), encoding="utf-8")
    (folder / "bk.json").write_text(json.dumps({"d1": "John Brown, born 1960"}), encoding="utf-8")
    (folder / "decisions.json").write_text("{}", encoding="utf-8")
    (folder / "lists").mkdir()
    (folder / "lists" / "decisions.json").write_text("{}", encoding="utf-8")


TUNE = ["tune", "--gold", "gold.json", "--texts", "texts.json", "--beta", "16", "--no-cache"]
EVAL = ["eval", "--gold", "gold.json", "--texts", "texts.json", "--no-cache"]


@pytest.mark.parametrize(
    "args, victim",
    [
        (["review", "doc.txt", "--allow", "allow.txt", "-o", "allow.txt"], "allow.txt"),
        (["review", "doc.txt", "--policy", "names.json", "-o", "names.json"], "names.json"),
        ([*TUNE, "--allow", "allow.txt", "--fit-policy", "allow.txt"], "allow.txt"),
        ([*TUNE, "--table", "gold.json"], "gold.json"),
        ([*TUNE, "--attack", "bk.json", "--privacy-table", "bk.json"], "bk.json"),
        ([*TUNE, "--deny", "allow.txt", "--plot", "allow.txt"], "allow.txt"),
        ([*EVAL, "--attack", "bk.json", "--attack-features", "texts.json"], "texts.json"),
        ([*EVAL, "--deny", "allow.txt", "--attack", "bk.json", "--attack-features", "allow.txt"], "allow.txt"),
        (["decisions", "decisions.json", "--to", "gold", "-o", "decisions.json"], "decisions.json"),
        (["decisions", "lists/decisions.json", "--to", "allow-deny", "-o", "lists"], "lists/decisions.json"),
    ],
    ids=[
        "review-allow",
        "review-policy",
        "tune-fit-policy",
        "tune-table",
        "tune-privacy-table",
        "tune-plot",
        "eval-features-texts",
        "eval-features-deny",
        "decisions-gold",
        "decisions-into-its-folder",
    ],
)
def test_no_command_writes_over_or_around_a_file_it_reads(run_folder, args, victim):
    _tune_collection(run_folder)
    before = {path: path.read_bytes() for path in run_folder.rglob("*") if path.is_file() and path.name != "fifo"}
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and len(result.stderr.splitlines()) == 1, result.stderr
    assert "never overwritten" in result.stderr or "of the same run" in result.stderr
    after = {path: path.read_bytes() for path in run_folder.rglob("*") if path.is_file() and path.name != "fifo"}
    assert after == before


def test_a_review_page_never_lands_in_the_count_cache(run_folder):
    result = runner.invoke(app, ["review", "doc.txt", "--cache-dir", "cache", "-o", "cache/page.html"])
    assert (
        result.exit_code == 2 and "count cache" in result.stderr and not (run_folder / "cache" / "page.html").exists()
    )


def test_mapping_show_never_replaces_a_file(run_folder):
    result = runner.invoke(app, ["sanitize", "doc.txt", "--mapping", "map.json", "-o", "out.txt"])
    assert result.exit_code == 0, result.stderr
    before = (run_folder / "doc.txt").read_bytes()
    result = runner.invoke(app, ["mapping", "show", "map.json", "-o", "doc.txt"])
    assert result.exit_code != 0 and "exists" in result.stderr and (run_folder / "doc.txt").read_bytes() == before


@pytest.mark.parametrize(
    "args",
    [
        ["sanitize", "doc.txt", "-o", "newdir/"],
        ["sanitize", "doc.txt", "--report", "newdir/", "-o", "out.txt"],
        ["review", "doc.txt", "-o", "newdir/"],
    ],
    ids=["sanitize", "report", "review"],
)
def test_an_output_spelled_as_a_missing_folder_is_refused_not_written_as_a_file(run_folder, args):
    result = runner.invoke(app, args)
    assert result.exit_code == 2 and "newdir/" in result.stderr and len(result.stderr.splitlines()) == 1
    assert not (run_folder / "newdir").exists() and not (run_folder / "out.txt").exists()


def test_an_output_spelled_as_an_existing_folder_receives_the_file(run_folder):
    (run_folder / "published").mkdir()
    result = runner.invoke(app, ["sanitize", "doc.txt", "-o", "published/"])
    assert result.exit_code == 0, result.stderr
    assert "Brown" not in (run_folder / "published" / "doc.txt").read_text(encoding="utf-8")


def test_spark_writes_nothing_around_its_option_files(run_folder):
    pytest.importorskip("pyspark")
    (run_folder / "in").mkdir()
    (run_folder / "in" / "a.txt").write_text("Mr John Brown lives in Leeds.\n", encoding="utf-8")
    (run_folder / "out").mkdir()
    (run_folder / "out" / "allow.txt").write_text("Leeds\n", encoding="utf-8")
    result = runner.invoke(app, ["spark", "in", "-o", "out", "--allow", "out/allow.txt", "--no-driver-check"])
    assert result.exit_code == 2 and "never overwritten" in result.stderr
    assert (run_folder / "out" / "allow.txt").read_text(encoding="utf-8") == "Leeds\n"


def _command_functions(command, path=()):
    """(command line, the function it runs) for every command of the CLI."""
    for name, sub in getattr(command, "commands", {}).items():
        yield from _command_functions(sub, (*path, name))
    if getattr(command, "callback", None) is not None and not getattr(command, "commands", None):
        yield " ".join(path), inspect.unwrap(command.callback)


def _number_options():
    """(command, flag, parser) of every option declared as a number: read from the
    commands' own annotations (typer.Option's info), not from Typer's internals."""
    for command, function in _command_functions(command_tree()):
        for name, hint in typing.get_type_hints(function, include_extras=True).items():
            if typing.get_origin(hint) is not typing.Annotated:
                continue
            declared, *metadata = typing.get_args(hint)
            for info in metadata:
                if isinstance(info, typer.models.OptionInfo) and _is_number(declared):
                    yield command, info.param_decls[0] if info.param_decls else name, info.parser


def _is_number(annotation) -> bool:
    return annotation is float or any(_is_number(inner) for inner in typing.get_args(annotation))


def test_every_number_option_of_every_command_refuses_nan_and_inf():
    from ic_sanitizer.cli.options import finite_number

    numbers = list(_number_options())
    assert len(numbers) >= 10, "the walk over the commands finds too few number options: it is broken"
    unchecked = [f"{command} {flag}" for command, flag, parser in numbers if parser is not finite_number]
    assert not unchecked, f"number options that accept nan or inf: {unchecked}"


@pytest.mark.parametrize(
    "name, content",
    [("deep.jsonl", '{"text": ' + "[" * 50_000 + "]" * 50_000 + "}\n"), ("deep.json", "[" * 50_000 + "]" * 50_000)],
)
def test_a_deeply_nested_document_is_refused_in_one_line(run_folder, name, content):
    (run_folder / name).write_text(content, encoding="utf-8")
    result = runner.invoke(app, ["sanitize", name])
    assert result.exit_code == 1 and "nested too deeply" in result.stderr and len(result.stderr.splitlines()) == 1


def test_terms_reads_a_structured_file_as_sanitize_does(run_folder):
    (run_folder / "r.json").write_text(
        json.dumps([{"reference": "Atlantis Holdings", "text": "Mr John Smith lives in Leeds."}]), encoding="utf-8"
    )
    result = runner.invoke(app, ["terms", "r.json", "--no-cache", "--json"])
    assert result.exit_code == 0, result.stderr
    listed = {term["term"] for term in json.loads(result.stdout)["terms"]}
    assert "Mr John Smith" in listed and not any("Atlantis" in term or "reference" in term for term in listed)
