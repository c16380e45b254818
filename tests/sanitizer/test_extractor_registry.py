"""Extractors by name: this project's three, and other packages' through entry points."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ic_sanitizer import ConfigurationError
from ic_sanitizer.cli.app import app
from ic_sanitizer.errors import ExtractorUnavailableError, UnknownExtractorError
from ic_sanitizer.extraction import extract_terms, open_extractor

from ..conftest import install_plugin

# A plug-in extractor as a third party would write it: every word is a noun, so a run
# of words is one noun phrase (NLTK's route would split "blood transfusion and influenza").
PLUGIN = """
import re
from ic_sanitizer.extraction import ExtractorEntry, TaggedSentence, Token

class AllNouns:
    name = "allnouns"

    def __init__(self, language):  # the factory is given the texts' language
        assert language == "en"

    def analyze(self, text):
        tokens = tuple(Token(m.group(), m.start(), m.end()) for m in re.finditer(r"\\w+", text))
        return [TaggedSentence(tokens, tuple("NN" for _ in tokens))]

ENTRY = ExtractorEntry("allnouns", AllNouns, "every word a noun", lambda: None)
WRONG_NAME = ExtractorEntry("othername", AllNouns, "every word a noun", lambda: None)
"""


@pytest.fixture
def plugin(tmp_path, monkeypatch):
    install_plugin(
        tmp_path / "site",
        monkeypatch,
        "allnouns_plugin",
        PLUGIN,
        {"ic_sanitizer.extractors": {"allnouns": "allnouns_plugin:ENTRY", "misnamed": "allnouns_plugin:WRONG_NAME"}},
    )


def test_an_unknown_extractor_is_a_usage_error_listing_the_known_ones():
    with pytest.raises(UnknownExtractorError) as raised:
        open_extractor("stanza")
    assert isinstance(raised.value, ConfigurationError)
    assert raised.value.known == ["nltk", "opennlp", "spacy"]


def test_an_entry_point_adds_an_extractor(plugin):
    text = "He had a blood transfusion and influenza."
    assert [t.key for t in extract_terms(text, open_extractor("allnouns"))] == [
        "he had a blood transfusion and influenza"
    ]
    assert "blood transfusion" in {t.key for t in extract_terms(text, open_extractor("nltk"))}
    with pytest.raises(UnknownExtractorError, match="known extractors: allnouns, misnamed, nltk, opennlp, spacy"):
        open_extractor("stanza")


def test_an_entry_point_must_name_an_extractor_entry_of_its_own_name(plugin):
    with pytest.raises(ExtractorUnavailableError, match=r"must point at ExtractorEntry\(name='misnamed', \.\.\.\)"):
        open_extractor("misnamed")


def test_sanitizer_backends_lists_a_plug_in_extractor(tmp_path, monkeypatch):
    install_plugin(
        tmp_path / "site",
        monkeypatch,
        "allnouns_plugin",
        PLUGIN,
        {"ic_sanitizer.extractors": {"allnouns": "allnouns_plugin:ENTRY"}},
    )
    result = CliRunner().invoke(app, ["backends", "--json"])
    assert result.exit_code == 0, result.stderr
    extractors = {e["name"]: e for e in json.loads(result.stdout)["extractors"]}
    assert sorted(extractors) == ["allnouns", "nltk", "opennlp", "spacy"]
    assert extractors["allnouns"]["missing"] is None
