"""The command line's own texts: --version and help that shows every default and format."""

from __future__ import annotations

import importlib.metadata
import re
import sys

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app, command_tree
from ic_sanitizer.policy import load_policy

from ..conftest import REPO

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

runner = CliRunner()
# Wide enough that click wraps no line (it would break "back-end" at its hyphen).
WIDE = {"terminal_width": 1000, "max_content_width": 1000}


def _help(*command: str) -> str:
    result = runner.invoke(app, [*command, "--help"], **WIDE)
    assert result.exit_code == 0, result.stderr
    return " ".join(result.stdout.split())


def _commands(command, path=()):
    """Every command of the tree (typer's own click: no isinstance against the click package)."""
    found = [(path, command)]
    if hasattr(command, "commands"):
        for name, sub in command.commands.items():
            found += _commands(sub, (*path, name))
    return found


COMMANDS = _commands(command_tree())


def test_version_is_the_installed_distribution_s():
    result = runner.invoke(app, ["--version"])
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert result.exit_code == 0
    assert result.stdout == f"ic-sanitizer {importlib.metadata.version('ic-sanitizer')}\n"
    assert importlib.metadata.version("ic-sanitizer") == pyproject["project"]["version"]


def test_sanitize_help_shows_the_defaults_written_in_brackets():
    text = _help("sanitize")
    own_beta = load_policy("default").beta
    for shown in (
        "[default: stdout]",
        f"[default: the policy's own β: default {own_beta:.2f}",
        "[default: no limit]",
        "[default: 10.0 for the starter index",
        "[default: all, as in the paper]",
        "tag: a placeholder per entity ([PERSON-1])",
    ):
        assert shown in text, shown


def test_eval_help_shows_the_span_json_formats_with_their_brackets():
    text = _help("eval")
    assert "span JSON {doc_id: [[start, end, label]]}" in text
    assert "masked spans {doc_id: [[start, end, ...]]}" in text


@pytest.mark.parametrize("path, command", COMMANDS, ids=[" ".join(p) or "sanitizer" for p, _ in COMMANDS])
def test_help_shows_every_option_s_text_whole_and_flags_without_a_metavar(path, command):
    text = _help(*path)
    assert "<bool>" not in text
    options = [p for p in command.params if p.param_type_name == "option"]
    for param in options:
        if param.help:
            assert " ".join(param.help.split()) in text, param.name
        if param.is_flag:
            assert re.search(rf"{re.escape(param.opts[-1])} {re.escape(' '.join((param.help or '').split()))}", text), (
                param.name
            )
