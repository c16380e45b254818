"""The documentation stays true: its shell sessions run as written, every benchmark table
says when, where and how it was measured, the CLI reference covers the whole command line,
and the site builds strictly.

A ```console block of README.md or docs/ is a shell session: a line starting with ``$ `` is
a command (a trailing backslash continues it on the next line), run with bash in a fresh
folder holding a copy of examples/, with the virtual environment's scripts first on PATH;
it must exit 0. The lines after it are its expected output: each must appear in its
stdout (trailing spaces aside), and a line ``...`` stands for anything. A session that
cannot run offline is fenced ```sh or ```text instead, and is not run.
"""

from __future__ import annotations

import datetime
import importlib.util
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import pytest
import typer

from .conftest import REPO

DOCS = REPO / "docs"
PAGES = [REPO / "README.md", *sorted(DOCS.rglob("*.md"))]
BENCHMARK_PAGES = [page for page in sorted((DOCS / "benchmarks").glob("*.md")) if page.name != "index.md"]
COMMAND_TIMEOUT = 120
STAMP = re.compile(r"^Measured (\d{4}-\d{2}-\d{2}) at commit ([0-9a-f]{7,40}) on (.+?): `(.+)`\.?$")
_FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*([\w-]*)")
_TABLE_DELIMITER = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")


@dataclass(frozen=True)
class Command:
    line: int  #: of the page, where the command starts
    text: str  #: as bash reads it: continuation lines kept with their backslashes
    expected: tuple[str, ...]  #: output lines the command's stdout must hold


def _fenced_blocks(page: Path) -> list[tuple[str, int, list[str]]]:
    """(language, line of the first content line, lines) of every fenced block of ``page``."""
    blocks, lines = [], page.read_text(encoding="utf-8").splitlines()
    index = 0
    while index < len(lines):
        opening = _FENCE.match(lines[index])
        index += 1
        if opening is None:
            continue
        indent, fence, language = opening.groups()
        start, body = index, []
        while index < len(lines) and not lines[index].strip().startswith(fence[:3]):
            body.append(lines[index][len(indent) :] if lines[index].startswith(indent) else lines[index].lstrip())
            index += 1
        index += 1  # the closing fence
        blocks.append((language, start + 1, body))
    return blocks


def _session(first_line: int, lines: list[str]) -> list[Command]:
    """The commands of a console block and the output each is expected to print."""
    commands: list[Command] = []
    index = 0
    while index < len(lines):
        if not lines[index].startswith("$ "):
            index += 1  # output before any command: nothing to check it against
            continue
        start, text = index, [lines[index][2:]]
        while text[-1].endswith("\\") and index + 1 < len(lines):
            index += 1
            text.append(lines[index])
        index += 1
        expected = []
        while index < len(lines) and not lines[index].startswith("$ "):
            expected.append(lines[index].rstrip())
            index += 1
        commands.append(
            Command(first_line + start, "\n".join(text), tuple(line for line in expected if line and line != "..."))
        )
    return commands


def _console_sessions() -> list[tuple[str, list[Command]]]:
    return [
        (f"{page.relative_to(REPO)}:{line - 1}", _session(line, body))
        for page in PAGES
        for language, line, body in _fenced_blocks(page)
        if language == "console"
    ]


def run_command(command: Command, folder: Path, env: dict[str, str]) -> str:
    """``command``'s stdout, run by bash in ``folder``; the test fails, naming the command,
    its exit status and the end of its stderr, when it does not exit 0 in time."""
    try:
        done = subprocess.run(
            ["bash", "-c", command.text], cwd=folder, env=env, capture_output=True, text=True, timeout=COMMAND_TIMEOUT
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"line {command.line}: `{command.text}` ran past {COMMAND_TIMEOUT} s", pytrace=False)
    if done.returncode != 0:
        stderr = "\n".join(done.stderr.rstrip().splitlines()[-15:])
        pytest.fail(
            f"line {command.line}: `{command.text}` exited {done.returncode}; its stderr ended:\n{stderr}",
            pytrace=False,
        )
    return "\n".join(line.rstrip() for line in done.stdout.splitlines())


@pytest.fixture
def session_env(tmp_path) -> dict[str, str]:
    """The environment of a console session: this interpreter's scripts first on PATH (the
    `sanitizer` command), a home of its own, and 80 columns whatever the caller's terminal."""
    home = tmp_path / "home"
    home.mkdir()
    env = {name: value for name, value in os.environ.items() if name not in {"LINES", "COLUMNS"}}
    env.update(
        PATH=os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")]), HOME=str(home), COLUMNS="80"
    )
    return env


def test_the_documentation_has_console_sessions():
    assert _console_sessions(), "no ```console block in README.md or docs/: nothing shows a command running"


@pytest.mark.parametrize("where, commands", _console_sessions(), ids=[where for where, _ in _console_sessions()])
def test_console_session_runs_as_written(where, commands, tmp_path, session_env):
    assert commands, f"{where}: a console block holds `$ ` commands (fence it as text if it shows only output)"
    folder = tmp_path / "session"
    shutil.copytree(REPO / "examples", folder / "examples")
    for command in commands:
        stdout = run_command(command, folder, session_env)
        missing = [line for line in command.expected if line not in stdout]
        assert missing == [], f"{where}: line {command.line} `{command.text}` did not print {missing}"


# -- benchmark pages: every table is stamped ---------------------------------------------


@dataclass(frozen=True)
class Stamp:
    line: int
    date: str
    commit: str


def _stamps_and_tables(page: Path) -> tuple[list[Stamp], list[tuple[int, Stamp | None]]]:
    """The stamps of ``page``, and each table (its line) with the stamp that precedes it
    since the previous table or heading (None when there is none). Code blocks are skipped."""
    stamps: list[Stamp] = []
    tables: list[tuple[int, Stamp | None]] = []
    lines = page.read_text(encoding="utf-8").splitlines()
    current: Stamp | None = None
    in_code, in_table = False, False
    for number, line in enumerate(lines, start=1):
        if _FENCE.match(line):
            in_code = not in_code
        if in_code or _FENCE.match(line):
            continue
        if in_table and line.lstrip().startswith("|"):
            continue
        in_table = False
        if line.startswith("#"):
            current = None
        elif (match := STAMP.match(line)) is not None:
            current = Stamp(number, match.group(1), match.group(2))
            stamps.append(current)
        elif line.startswith("Measured ") and " at commit " in line:
            stamps.append(Stamp(number, "", ""))  # a stamp mistyped: fails the date's check
        elif "|" in line and number < len(lines) and _TABLE_DELIMITER.match(lines[number]):
            tables.append((number, current))
            current, in_table = None, True
    return stamps, tables


def _page_id(page: Path) -> str:
    return str(page.relative_to(REPO))


@pytest.mark.parametrize("page", BENCHMARK_PAGES, ids=_page_id)
def test_every_benchmark_table_is_preceded_by_its_stamp(page):
    _, tables = _stamps_and_tables(page)
    unstamped = [f"{_page_id(page)}:{line}" for line, stamp in tables if stamp is None]
    assert unstamped == [], (
        "a table with no line `Measured YYYY-MM-DD at commit SHA on MACHINE: `COMMAND`` "
        f"after the previous table or heading: {unstamped}"
    )


@pytest.mark.parametrize("page", BENCHMARK_PAGES, ids=_page_id)
def test_every_benchmark_stamp_has_a_real_date(page):
    stamps, _ = _stamps_and_tables(page)
    bad = []
    for stamp in stamps:
        try:
            datetime.date.fromisoformat(stamp.date)
        except ValueError:
            bad.append(f"{_page_id(page)}:{stamp.line}")
    assert bad == [], f"stamps that do not match {STAMP.pattern} or name no real date: {bad}"


@pytest.mark.parametrize("page", BENCHMARK_PAGES, ids=_page_id)
def test_every_benchmark_stamp_names_a_commit_of_the_history(page):
    if (
        shutil.which("git") is None
        or subprocess.run(["git", "rev-parse", "--git-dir"], cwd=REPO, capture_output=True).returncode != 0
    ):
        pytest.skip("not a git checkout: the stamps' commits cannot be looked up")
    stamps, _ = _stamps_and_tables(page)
    unknown = [
        f"{_page_id(page)}:{stamp.line} {stamp.commit}"
        for stamp in stamps
        if stamp.commit
        and subprocess.run(
            ["git", "cat-file", "-e", f"{stamp.commit}^{{commit}}"], cwd=REPO, capture_output=True
        ).returncode
        != 0
    ]
    assert unknown == [], f"stamps naming a commit this repository does not have: {unknown}"


# -- the CLI reference, generated at build time --------------------------------------------


def _cli_reference_module():
    spec = importlib.util.spec_from_file_location("cli_reference", DOCS / "hooks" / "cli_reference.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _visible_commands(command, context):
    yield command, context
    for name in command.list_commands(context) if hasattr(command, "list_commands") else []:
        subcommand = command.get_command(context, name)
        if not subcommand.hidden:
            yield from _visible_commands(subcommand, type(context)(subcommand, info_name=name, parent=context))


def _sanitizer_commands():
    from ic_sanitizer.cli.app import app

    root = typer.main.get_command(app)
    return {
        context.command_path: command
        for command, context in _visible_commands(root, typer.Context(root, info_name="sanitizer"))
    }


def test_cli_reference_has_a_section_for_every_visible_command():
    page = _cli_reference_module().render_cli_reference()
    commands = _sanitizer_commands()
    assert {"sanitizer sanitize", "sanitizer cache info"} <= set(commands)
    missing = [path for path in commands if not re.search(rf"^#+ {re.escape(path)} \{{#", page, re.MULTILINE)]
    assert missing == []


def test_cli_reference_lists_every_visible_option_of_sanitize():
    page = _cli_reference_module().render_cli_reference()
    options = [
        name
        for parameter in _sanitizer_commands()["sanitizer sanitize"].params
        if parameter.param_type_name == "option" and not parameter.hidden
        for name in [*parameter.opts, *parameter.secondary_opts]
    ]
    section = page.split("## sanitizer sanitize ", 1)[1].split("\n## ", 1)[0]
    assert "--beta" in options
    assert [name for name in options if f"`{name}`" not in section] == []


def test_cli_reference_keeps_hidden_commands_and_options_hidden():
    toy = typer.Typer()

    @toy.command()
    def shown(visible: int = 1, secret: Annotated[int, typer.Option("--secret", hidden=True)] = 2) -> None:
        """Shown."""

    @toy.command(hidden=True)
    def backstage() -> None:
        """Hidden."""

    page = _cli_reference_module().render_cli_reference(toy, name="toy")
    assert "`--visible`" in page and "toy shown" in page
    assert "--secret" not in page and "backstage" not in page


def test_cli_reference_does_not_depend_on_the_terminal(monkeypatch):
    module = _cli_reference_module()
    monkeypatch.setenv("COLUMNS", "40")
    narrow = module.render_cli_reference()
    monkeypatch.setenv("COLUMNS", "250")
    assert module.render_cli_reference() == narrow


def test_cli_reference_is_generated_not_committed():
    assert not (DOCS / "reference" / "cli.md").exists(), "docs/reference/cli.md is made by docs/hooks/cli_reference.py"


# -- the site -------------------------------------------------------------------------------


def test_the_site_builds_strictly(tmp_path):
    missing = [
        name
        for name in ("mkdocs", "material", "mkdocstrings_handlers.python")
        if importlib.util.find_spec(name.split(".")[0]) is None
    ]
    if missing:
        pytest.skip(f"the docs extra is not installed ({', '.join(missing)}): pip install -e '.[docs]'")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    done = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, "\n".join(done.stderr.splitlines()[-30:])
    assert (tmp_path / "site" / "reference" / "cli" / "index.html").exists()
