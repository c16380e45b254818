"""`tune` runs the engine `sanitize` runs: each row equals `eval` with the same flags, to the last digit."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cli.app import app

runner = CliRunner()
PEOPLE = [
    ("Kowalski", "Gdańsk", "a welder"),
    ("Nowak", "Łódź", "a perfusionist"),
    ("Wiśniewska", "Kraków", "a glassblower"),
    ("Wójcik", "Poznań", "a harpsichord tuner"),
]


@pytest.fixture
def collection(tmp_path):
    texts, gold = {}, {}
    for index, (name, town, job) in enumerate(PEOPLE):
        text = (
            f"The applicant, Mr {name}, lives in {town}. He worked as {job} until {index + 1} May 2001, "
            f"when the regional court dismissed his claim for damages. The Court notes the applicant's complaint."
        )
        texts[f"d{index}"] = text
        gold[f"d{index}"] = [
            [text.index("Mr"), text.index(name) + len(name), "PERSON"],
            [text.index(town), text.index(town) + len(town), "LOC"],
            [text.index(job) + 2, text.index(job) + len(job), "DEM"],
            [text.index(f"{index + 1} May"), text.index("2001") + 4, "DATETIME"],
        ]
    (tmp_path / "texts.json").write_text(json.dumps(texts), encoding="utf-8")
    (tmp_path / "gold.json").write_text(json.dumps(gold), encoding="utf-8")
    return ["--gold", str(tmp_path / "gold.json"), "--texts", str(tmp_path / "texts.json"), "--no-cache"]


def _tune_rows(collection, flags):
    result = runner.invoke(app, ["tune", *collection, *flags, "--json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)


def _eval_scores(collection, flags):
    result = runner.invoke(app, ["eval", *collection, *flags, "--json"])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)["scores"]


@pytest.mark.parametrize(
    "policy, beta, w, stage",
    [
        ("default", "10", None, "S1"),
        ("default", "16.209", None, "S1"),
        ("default", "24", None, "S1"),
        ("paper", "12", "0.6", "S1+S2"),
        ("paper", "16", "0.4", "S1+S2"),
    ],
    ids=["default-10", "default-own", "default-24", "paper-12-w0.6", "paper-16-w0.4"],
)
def test_a_tune_row_equals_eval_with_the_same_flags(collection, policy, beta, w, stage):
    flags = ["--policy", policy, "--beta", beta] + (["--w", w] if w else [])
    swept = _tune_rows(collection, flags)
    row = next(r for r in swept["rows"] if r["stage"] == stage and (w is None or r["w"] == float(w)))
    scores = _eval_scores(collection, flags)
    for measure in ("token_precision", "token_recall", "tokens_kept"):
        assert row[measure] == scores[measure], measure


def test_tune_sweeps_the_default_policys_dial_and_prints_the_command_that_reproduces_its_choice(collection):
    swept = _tune_rows(collection, [])
    assert {row["stage"] for row in swept["rows"]} == {"S1"}  # the default runs no S2: no S2 rows
    assert len(swept["rows"]) >= 9 and any("(policy)" in row["beta"] for row in swept["rows"])
    command = swept["command"].split()
    assert command[:5] == ["sanitizer", "sanitize", "DOCUMENTS", "--policy", "default"] and "--beta" in command
    again = _eval_scores(collection, command[3:])
    assert again["token_precision"] == swept["recommended"]["token_precision"]
