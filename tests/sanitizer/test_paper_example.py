"""The paper's worked example (PACIS 2013, section 2.3) as an acceptance test."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from ic_sanitizer import Decision, Sanitizer
from ic_sanitizer.cli.app import app

from ..conftest import PAPER_COUNTS, PAPER_TEXT, REPO


def _expected_text(example: dict) -> str:
    text = example["text"]
    for term in example["expected"]["sensitive_s1"] + example["expected"]["related_s2"]:
        text = text.replace(" " + term, "")
    return text


def test_committed_counts_table_is_what_the_generator_derives(paper_example):
    spec = importlib.util.spec_from_file_location("make_counts", REPO / "examples" / "make_paper_example_counts.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.counts_table(paper_example) == json.loads(PAPER_COUNTS.read_text(encoding="utf-8"))


def test_api_reproduces_the_paper_outcome(paper_example):
    text = paper_example["text"]
    with Sanitizer(
        f"table:{PAPER_COUNTS}", beta_term=paper_example["beta_term"], w=paper_example["w"], policy="paper"
    ) as s:
        result = s.sanitize(text)
    expected = paper_example["expected"]
    assert result.thresholds.beta == pytest.approx(expected["beta"], abs=0.005)
    assert result.thresholds.tau == pytest.approx(expected["tau"], abs=0.005)
    assert {t.term.text for t in result.sensitive} == set(expected["sensitive_s1"])
    assert {t.term.text for t in result.related} == set(expected["related_s2"])
    assert {t.term.text for t in result.kept} == set(expected["kept"])
    assert result.text == _expected_text(paper_example)


def test_api_reports_the_papers_ic_and_pmi_values(paper_example):
    with Sanitizer(
        f"table:{PAPER_COUNTS}", beta_term=paper_example["beta_term"], w=paper_example["w"], policy="paper"
    ) as s:
        result = s.sanitize(paper_example["text"])
    by_text = {t.term.text: t for t in result.terms}
    for term, bits in paper_example["ic_bits"].items():
        assert by_text[term].information_content == pytest.approx(bits, abs=0.01)
    computed = {pair.clear: pair.pmi for pair in result.s2.pairs}
    for term, pmi in paper_example["pmi_bits_with_sensitive_term"].items():
        if term.lower() in computed:
            assert computed[term.lower()] == pytest.approx(pmi, abs=0.01)


def test_ic_bound_prunes_patient_and_he(paper_example):
    with Sanitizer(
        f"table:{PAPER_COUNTS}", beta_term=paper_example["beta_term"], w=paper_example["w"], policy="paper"
    ) as s:
        result = s.sanitize(paper_example["text"])
    # IC(patient) = 7.25 and IC(He) = 2.87 are below tau = 8.598: no conjunction asked.
    assert {pair.clear for pair in result.s2.pairs} == {"blood transfusion", "immune system", "influenza"}
    assert result.s2.saved_by_ic_bound == 2
    assert result.s2.naive_conjunctions == 5
    graph = result.graph
    assert graph.edges["acquired immunodeficiency syndrome", "blood transfusion"]["related"] is True
    assert graph.edges["acquired immunodeficiency syndrome", "influenza"]["related"] is False
    assert graph.nodes["immune system"]["decision"] == Decision.RELATED.value


def test_cli_reproduces_the_paper_outcome(tmp_path, paper_example):
    output, report = tmp_path / "out.txt", tmp_path / "report.json"
    result = CliRunner().invoke(
        app,
        [
            "sanitize",
            str(PAPER_TEXT),
            "--policy",
            "paper",
            "-o",
            str(output),
            "--report",
            str(report),
            "--backend",
            f"table:{PAPER_COUNTS}",
            "--beta-term",
            paper_example["beta_term"],
            "--w",
            "0.6",
        ],
    )
    assert result.exit_code == 0, result.output
    assert output.read_text(encoding="utf-8") == _expected_text(paper_example) + "\n"
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["schema_version"] == 10
    asked = data["asked"]  # the Settings the options built, as asked
    assert (asked["backend"], asked["policy"], asked["beta_term"], asked["w"], asked["beta"]) == (
        f"table:{PAPER_COUNTS}",
        "paper",
        paper_example["beta_term"],
        0.6,
        None,
    )
    document = data["documents"][0]
    decisions = {t["term"]: (t["decision"], t["stage"]) for t in document["terms"]}
    assert decisions["acquired immunodeficiency syndrome"] == ("sensitive", "S1")
    assert decisions["blood transfusion"] == ("related", "S2")
    assert decisions["influenza"] == ("kept", None)
    assert document["queries"]["conjunctions_saved_by_ic_bound"] == 2
    assert report.stat().st_mode & 0o077 == 0, "the report holds sensitive terms: owner-only"


def test_installed_command_runs_the_example(tmp_path, paper_example):
    completed = subprocess.run(
        [
            sys.executable,
            "-m",
            "ic_sanitizer",
            "sanitize",
            str(PAPER_TEXT),
            "--policy",
            "paper",
            "--backend",
            f"table:{PAPER_COUNTS}",
            "--beta-term",
            paper_example["beta_term"],
            "--w",
            "0.6",
            "--no-cache",
        ],
        capture_output=True,
        text=True,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr
    assert completed.stdout == _expected_text(paper_example) + "\n"
