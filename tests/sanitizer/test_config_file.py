"""`sanitizer --config FILE`: options from TOML, flags winning, every key checked."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from ic_sanitizer.cli.app import app

runner = CliRunner()
TEXT = "Mr John Smith wrote to the court on 3 May 2010.\n"


def _files(tmp_path, config: str):
    (tmp_path / "doc.txt").write_text(TEXT, encoding="utf-8")
    (tmp_path / "run.toml").write_text(config, encoding="utf-8")
    return str(tmp_path / "run.toml"), str(tmp_path / "doc.txt")


def test_the_file_gives_options_and_the_command_line_wins(tmp_path):
    config, doc = _files(tmp_path, 'no-cache = true\n[sanitize]\nmode = "redact"\n')
    from_file = runner.invoke(app, ["--config", config, "sanitize", doc])
    assert from_file.exit_code == 0, from_file.stderr
    assert "[REDACTED]" in from_file.stdout and "Smith" not in from_file.stdout
    flag = runner.invoke(app, ["--config", config, "sanitize", doc, "--mode", "tag"])
    assert flag.exit_code == 0 and "[PERSON-1]" in flag.stdout


def test_an_option_from_the_file_that_changes_nothing_is_said(tmp_path):
    config, doc = _files(tmp_path, "no_cache = true\n[sanitize]\nw = 0.3\n")
    result = runner.invoke(app, ["--config", config, "sanitize", doc])
    assert result.exit_code == 0 and "note: --w has no effect" in result.stderr


def test_unknown_keys_bad_values_and_bad_toml_are_refused_in_one_line(tmp_path):
    for text, code, message in [
        ("bogus = 1\n", 2, "no command has the option(s) bogus"),
        ("[sanitize]\nattack = 'x'\n", 2, "[sanitize] has no option(s) attack"),
        ("[nosuch]\nw = 1\n", 2, "[nosuch] is not a command"),
        ("[sanitize]\nmode = 'nope'\n", 2, "'nope' is not one of"),
        ("x = [\n", 1, "not TOML"),
    ]:
        config, doc = _files(tmp_path, text)
        result = runner.invoke(app, ["--config", config, "sanitize", doc])
        assert result.exit_code == code and message in result.stderr, (text, result.stderr)
        assert len(result.stderr.strip().splitlines()) == 1


def test_no_output_lands_on_the_config_file_and_config_shows_what_each_command_gets(tmp_path):
    config, doc = _files(tmp_path, 'no-cache = true\n[sanitize]\nmode = "redact"\n')
    refused = runner.invoke(app, ["--config", config, "sanitize", doc, "-o", config])
    assert refused.exit_code == 2 and "--config" in refused.stderr
    assert (tmp_path / "run.toml").read_text(encoding="utf-8").startswith("no-cache")
    assert runner.invoke(app, ["--config", config, "config"]).exit_code == 2  # nothing asked
    shown = json.loads(runner.invoke(app, ["--config", config, "config", "--show"]).stdout)
    assert shown["commands"]["sanitize"] == {"no_cache": True, "mode": "redact"}
    assert shown["commands"]["terms"] == {"no_cache": True}
