"""A plug-in package adds a recognizer with a kind of its own and an operator, by entry
points alone, and the CLI, the Python API, the service and Spark use both alike."""

from __future__ import annotations

import json
import os
import sys

import pytest
from typer.testing import CliRunner

from ic_sanitizer import ConfigurationError, Mode, Sanitizer, Settings, TermKind
from ic_sanitizer.cli.app import app
from ic_sanitizer.recognizers.registry import recognizers_for
from ic_sanitizer.terms import KIND_PRIORITY, REFINEMENTS

from ..conftest import install_plugin

runner = CliRunner()

PLUGIN = """
import re

from ic_sanitizer.operator_registry import OperatorEntry
from ic_sanitizer.terms import new_kind

EMPLOYEE_ID = new_kind("employee_id")


class Badges:
    name = "acme_badge"
    kind = EMPLOYEE_ID
    languages = None
    country = None
    summary = "ACME staff badges: ACME-12345"

    def find(self, text):
        return [match.span() for match in re.finditer(r"\\bACME-\\d{5}\\b", text)]


BADGES = Badges()


def initials(mention, kind, entity, placeholder):
    words = [w for w in mention.split() if w[:1].isupper() and w.rstrip(".") not in ("Mr", "Mrs", "Ms", "Dr")]
    return " ".join(w[0] + "." for w in words) or placeholder


INITIALS = OperatorEntry(name="initials", operate=initials, summary="a name's initials")
"""
TEXT = "Badge ACME-48213 was issued to Mr John Harding on 3 May 2009. Harding lost it.\n"


@pytest.fixture
def plugin(tmp_path, monkeypatch):
    site = tmp_path / "site"
    install_plugin(
        site,
        monkeypatch,
        "acme_plugin",
        PLUGIN,
        {
            "ic_sanitizer.recognizers": {"acme_badge": "acme_plugin:BADGES"},
            "ic_sanitizer.operators": {"initials": "acme_plugin:INITIALS"},
        },
    )
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(site), os.environ.get("PYTHONPATH")])))
    recognizers_for.cache_clear()  # the recognizers are found once per process
    yield site
    recognizers_for.cache_clear()
    sys.modules.pop("acme_plugin", None)  # the next test imports it anew (not monkeypatch: it would put it back)
    for name, enum in (("employee_id", TermKind), ("initials", Mode)):
        added = enum._value2member_map_.pop(name, None)
        REFINEMENTS.pop(added, None)  # type: ignore[arg-type]
        KIND_PRIORITY.pop(added, None)  # type: ignore[arg-type]


def _check(text: str) -> None:
    assert "ACME-48213" not in text and "[EMPLOYEE_ID-1]" in text
    assert "Harding" not in text and "J. H. was issued" not in text and "Mr J. H." not in text
    assert "to J. H. on" in text and "H. lost it" in text  # one operator for both names of the person


def test_the_api_takes_the_new_kind_and_the_operator(plugin):
    with Sanitizer(Settings(use_cache=False, workers=1, operators={"person": "initials"})) as engine:
        result = engine.sanitize(TEXT)
    _check(result.text)
    badge = next(s for s in result.terms if s.term.text == "ACME-48213")
    assert badge.term.kind is TermKind("employee_id") and badge.term.source == "acme_badge"
    assert badge.removed  # a policy that does not name the kind decides it as the kind it refines: a code


def test_the_cli_lists_and_uses_both(plugin, tmp_path):
    source = tmp_path / "note.txt"
    source.write_text(TEXT, encoding="utf-8")
    listed = runner.invoke(app, ["recognizers"])
    assert listed.exit_code == 0, listed.stderr
    assert "acme_badge" in listed.stdout and "employee_id (new, as code)" in listed.stdout
    assert "initials" in runner.invoke(app, ["backends"]).stdout
    result = runner.invoke(
        app, ["sanitize", str(source), "-o", str(tmp_path / "out.txt"), "--operator", "person=initials"]
    )
    assert result.exit_code == 0, result.output
    _check((tmp_path / "out.txt").read_text(encoding="utf-8"))


def test_an_operator_nobody_installed_is_refused_in_one_line(plugin):
    with pytest.raises(ConfigurationError, match="modes: .*initials") as raised:
        Settings(operators={"person": "initals"}).kind_modes()
    assert "\n" not in str(raised.value)


def test_the_service_uses_both(plugin):
    pytest.importorskip("fastapi")
    pytest.importorskip("uvicorn")
    import requests

    from ic_sanitizer.service.app import create_app

    from .loopback import serving_app

    with Sanitizer(Settings(use_cache=False, workers=1, operators={"person": "initials"})) as engine:
        with serving_app(create_app(engine)) as url:
            sanitized = requests.post(f"{url}/sanitize", json={"text": TEXT}, timeout=60).json()
            analyzed = requests.post(f"{url}/analyze", json={"text": TEXT, "language": "en"}, timeout=60).json()
            kinds = requests.get(f"{url}/kinds", timeout=10).json()
    _check(sanitized["text"])
    assert "EMPLOYEE_ID" in {r["entity_type"] for r in analyzed}
    assert {"kind": "employee_id", "entity_type": "EMPLOYEE_ID"} in kinds


def test_spark_writes_what_the_cli_writes(plugin, tmp_path):
    from ic_sanitizer.spark import engine_settings, sanitize_folder, spark_session, spark_unavailable_reason

    missing = spark_unavailable_reason()
    if missing is not None:
        pytest.skip(f"Spark cannot run here: {missing}")
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "note.txt").write_text(TEXT, encoding="utf-8")
    (folder / "rows.jsonl").write_text(json.dumps({"id": 1, "text": TEXT}) + "\n", encoding="utf-8")
    result = runner.invoke(app, ["sanitize", str(folder), "-o", str(tmp_path / "cli"), "--operator", "person=initials"])
    assert result.exit_code == 0, result.output
    # the executors' Python finds the plug-in as an installed package would be found: on its path
    session = spark_session(
        "local[1]",
        app_name="ic-sanitizer plug-in test",
        conf={"spark.ui.enabled": "false", "spark.executorEnv.PYTHONPATH": os.environ["PYTHONPATH"]},
    )
    try:
        settings = engine_settings(cache_dir=str(tmp_path / "spark-cache"), operators={"person": "initials"})
        outcome = sanitize_folder(session, folder, tmp_path / "spark", settings)
    finally:
        session.stop()
    assert outcome.failures == {}
    for name in ("note.txt", "rows.jsonl"):
        written = (tmp_path / "spark" / name).read_text(encoding="utf-8")
        assert written == (tmp_path / "cli" / name).read_text(encoding="utf-8")
    _check((tmp_path / "spark" / "note.txt").read_text(encoding="utf-8"))
