"""Every option of `sanitizer sanitize` changes what a run gives, or says in one line that it does not.

The table below has one row per option of the command, read from the command itself:
an option added without a row fails test_every_option_has_a_row, so none can be added
silently. Each row runs the command on a fixture with the option and checks one effect:
the output changes, a file is written, the run refuses, or a `note:` line names the option.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

import pytest
import typer
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app, command_tree

from ..conftest import write_table

runner = CliRunner()
TEXT = (
    "Mr John Harding Brown, a nurse from Leeds who has cancer, was born in 1957. He ran the hyperbaric oxygen unit "
    "and repaired the flurbenator. Brown wrote to Dr Price on 7 January 2011.\n"
)


class Run:
    def __init__(self, result, folder: Path) -> None:
        self.exit_code, self.stdout, self.stderr, self.folder = result.exit_code, result.stdout, result.stderr, folder


def _run(folder: Path, args: list[str]) -> Run:
    return Run(runner.invoke(app, ["sanitize", str(folder / "fixture.txt"), *args]), folder)


def changes_output(baseline: Run, run: Run, option: str) -> bool:
    return run.exit_code == 0 and run.stdout != baseline.stdout


def announces(baseline: Run, run: Run, option: str) -> bool:
    lines = [line for line in run.stderr.splitlines() if line.startswith("note:") and option in line]
    return run.exit_code == 0 and len(lines) == 1


def refuses(baseline: Run, run: Run, option: str) -> bool:
    """The run stops with one line (naming the option or the file it names)."""
    return run.exit_code != 0 and len(run.stderr.strip().splitlines()) == 1


def writes(name: str) -> Callable[[Run, Run, str], bool]:
    def check(baseline: Run, run: Run, option: str) -> bool:
        return run.exit_code == 0 and (run.folder / name).exists() and not (baseline.folder / name).exists()

    return check


def prints_json(baseline: Run, run: Run, option: str) -> bool:
    return run.exit_code == 0 and json.loads(run.stdout)["schema_version"] >= 1


def _files(folder: Path) -> dict[str, str]:
    """Option files every row may name (written in the run's folder)."""
    table = write_table(folder / "counts.json", 2**20, {"leeds": 2, "nurse": 2})
    (folder / "allow.txt").write_text("Leeds\n", encoding="utf-8")
    (folder / "deny.txt").write_text("cancer\n", encoding="utf-8")
    (folder / "names.json").write_text(json.dumps({"fixture": "cancer"}), encoding="utf-8")
    (folder / "key").write_text("k" * 32, encoding="utf-8")
    ran = TEXT.index(" ran ") + 1  # a verb, never masked by the engine itself
    (folder / "candidates.json").write_text(json.dumps({"fixture": [[ran, ran + 3, "PERSON"]]}), encoding="utf-8")
    (folder / "decisions.json").write_text("{}", encoding="utf-8")
    (folder / "subjects.json").write_text(json.dumps({"fixture": "patient-1"}), encoding="utf-8")
    (folder / "reference").mkdir()
    for number in range(5):  # the policy's collection k documents hold it: common in the genre
        (folder / "reference" / f"{number}.txt").write_text("The flurbenator was mended.", encoding="utf-8")
    return {"table": str(table)}


#: option (the command's parameter name) -> (arguments, the effect expected)
ROWS: dict[str, tuple[list[str], Callable[[Run, Run, str], bool]]] = {
    "output": (["-o", "{folder}/out.txt"], writes("out.txt")),
    "backend": (["--backend", "table:{table}", "--beta", "12"], changes_output),
    "beta": (["--beta", "8"], changes_output),
    "beta_term": (["--beta-term", "cancer"], changes_output),
    "s2_backend": (["--s2-backend", "none"], announces),
    "beta_s2": (["--beta-s2", "5"], announces),
    "w": (["--w", "0.3"], announces),
    "policy": (["--policy", "paper"], changes_output),
    "allow": (["--allow", "{folder}/allow.txt"], changes_output),
    "deny": (["--deny", "{folder}/deny.txt"], changes_output),
    "mode": (["--mode", "redact"], changes_output),
    "operator": (["--operator", "date=shift", "--pseudonym-key-file", "{folder}/key"], changes_output),
    "zero_count": (["--zero-count", "keep"], changes_output),
    "kinds": (["--kinds", "name"], changes_output),
    "hide": (["--hide", "health"], changes_output),
    "allow_regex": (["--allow-regex", "Lee.s"], changes_output),
    "countries": (["--countries", "GB"], announces),
    "reference": (["--reference", "{folder}/reference"], changes_output),
    "relatedness": (["--relatedness", "npmi"], announces),
    "protect": (["--protect", "cancer"], changes_output),
    "protected_names": (["--protected-names", "{folder}/names.json"], changes_output),
    "s3_k": (["--s3-k", "2"], announces),
    "report": (["--report", "{folder}/report.json"], writes("report.json")),
    "report_format": (["--report-format", "presidio"], announces),
    "language": (["--language", "es"], changes_output),  # the English sample read as Spanish
    "candidates": (["--candidates", "{folder}/candidates.json"], changes_output),
    "extractor": (["--extractor", "nosuch"], refuses),
    "cache_dir": (["--cache-dir", "{folder}/cache"], writes("cache")),
    "no_cache": (
        ["--no-cache"],
        lambda baseline, run, option: run.exit_code == 0 and not (run.folder / "private-cache").exists(),
    ),
    "workers": (["--workers", "2"], announces),
    "allow_web": (["--allow-web"], announces),
    "parallel": (["--parallel", "4"], announces),
    "rate": (["--rate", "5"], announces),
    "max_input_mb": (["--max-input-mb", "0.0001"], refuses),
    "decisions": (["--decisions", "{folder}/decisions.json"], refuses),
    "json_output": (["--json"], prints_json),
    "pseudonym_key_file": (["--pseudonym-key-file", "{folder}/key"], announces),
    "mapping": (["--mapping", "{folder}/mapping.json"], writes("mapping.json")),
    "mapping_key_file": (["--mapping-key-file", "{folder}/key"], refuses),
    "fields": (["--field", "text"], announces),
    "on_bad_record": (["--on-bad-record", "skip"], announces),
    "subject_field": (["--subject-field", "patient"], announces),
    "subjects": (["--subjects", "{folder}/subjects.json"], announces),
}


def _sanitize_options() -> list[typer.core.TyperOption]:
    command = command_tree().commands["sanitize"]
    return [p for p in command.params if p.param_type_name == "option"]


def test_every_option_has_a_row():
    assert {p.name for p in _sanitize_options()} == set(ROWS)


@pytest.mark.parametrize("name", sorted(ROWS))
def test_option_acts_or_says_it_does_not(name, tmp_path, monkeypatch):
    option = next(p for p in _sanitize_options() if p.name == name)
    flag = max(option.opts, key=len)
    args, effect = ROWS[name]
    runs = {}
    for label in ("baseline", "with option"):
        folder = tmp_path / label.replace(" ", "-")
        folder.mkdir()
        (folder / "fixture.txt").write_text(TEXT, encoding="utf-8")
        monkeypatch.setenv("SANITIZER_CACHE_DIR", str(folder / "private-cache"))
        values = {"folder": str(folder), **_files(folder)}
        runs[label] = _run(folder, [arg.format(**values) for arg in args] if label == "with option" else [])
    baseline = runs["baseline"]
    assert baseline.exit_code == 0 and not baseline.stderr.strip(), baseline.stderr
    assert effect(baseline, runs["with option"], flag), (runs["with option"].exit_code, runs["with option"].stderr)
