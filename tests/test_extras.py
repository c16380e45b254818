"""Features behind extras: asked for without their extra, each is refused in one line naming it."""

from __future__ import annotations

import importlib.util

import pytest
from typer.testing import CliRunner

from ic_sanitizer import ConfigurationError, Sanitizer, Settings
from ic_sanitizer.cli.app import app

from .conftest import PAPER_COUNTS


def _without(monkeypatch, module):
    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec", lambda name, *a: None if name == module else real(name, *a))


def test_pseudonyms_without_faker_name_the_extra(monkeypatch):
    _without(monkeypatch, "faker")
    with pytest.raises(ConfigurationError, match=r"pip install 'ic-sanitizer\[pseudonyms\]'"):
        Sanitizer(Settings(mode="pseudonym", use_cache=False))
    Sanitizer(Settings(mode="hash", use_cache=False)).close()  # the other keyed modes need nothing more


def test_a_plot_without_matplotlib_is_refused_before_any_work(monkeypatch, tmp_path):
    _without(monkeypatch, "matplotlib")
    gold = tmp_path / "gold.json"
    gold.write_text('{"d": ["Warsaw"]}', encoding="utf-8")
    result = CliRunner().invoke(
        app,
        ["tune", "--gold", str(gold), "--texts", str(PAPER_COUNTS), "--plot", str(tmp_path / "p.png"), "--no-cache"],
    )
    assert result.exit_code == 2 and "pip install 'ic-sanitizer[plots]'" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1 and not (tmp_path / "p.png").exists()


def test_the_opennlp_extractor_without_py4j_names_the_extra(monkeypatch):
    from ic_sanitizer.extraction import opennlp_extractor

    _without(monkeypatch, "py4j")
    assert opennlp_extractor.missing() == "the opennlp extractor needs py4j: pip install 'ic-sanitizer[opennlp]'"


def test_the_attack_without_scikit_learn_names_the_extra(monkeypatch):
    from ic_sanitizer.evaluation.attack import require_scikit_learn

    _without(monkeypatch, "sklearn")
    with pytest.raises(
        ConfigurationError,
        match=r"^the re-identification attack needs scikit-learn: "
        r"pip install 'ic-sanitizer\[attack\]'$",
    ):
        require_scikit_learn()
