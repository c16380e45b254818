"""Back-ends by name: built-in ones, and other packages' through entry points."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from ic_sanitizer import Sanitizer
from ic_sanitizer.cli.app import app
from ic_sanitizer.corpus_stats import BackendUnavailableError, UnknownBackendError, open_backend
from ic_sanitizer.corpus_stats.backends.table import TableBackend

from ..conftest import PAPER_TEXT, install_plugin

BUILTIN = ["es", "infinigram", "local", "mojeek", "serpapi", "starter", "table", "wordfreq"]

# A plug-in back-end as a third party would write it: every phrase counts 10 in a corpus
# of N documents (N is the spec's argument, 1000 by default).
PLUGIN = """
from ic_sanitizer.corpus_stats import BackendEntry, CountUnit, NoNetwork

class EvenCounts(NoNetwork):
    name = "evencounts"
    unit = CountUnit.DOCUMENT
    supports_conjunction = False
    sends_terms_off_machine = False

    def __init__(self, argument):
        self._total = int(argument or 1000)

    def fingerprint(self):
        return f"evencounts-{self._total}"

    def total(self):
        return self._total

    def count(self, phrase):
        return 10

    def count_all(self, phrases):
        raise NotImplementedError

    def describe(self):
        return "ten of every phrase"

ENTRY = BackendEntry(name="evencounts", factory=EvenCounts, summary="ten of every phrase", argument=None,
                     missing=lambda: None, optional_argument="N")
NOT_AN_ENTRY = object()
"""


@pytest.fixture
def plugin(tmp_path, monkeypatch):
    install_plugin(
        tmp_path / "site",
        monkeypatch,
        "evencounts_plugin",
        PLUGIN,
        {
            "ic_sanitizer.backends": {
                "evencounts": "evencounts_plugin:ENTRY",
                # named like a built-in back-end: must not replace it
                "table": "evencounts_plugin:ENTRY",
                "broken": "evencounts_plugin:NOT_AN_ENTRY",
                "absent": "no_such_module_anywhere:ENTRY",
            }
        },
    )


def test_an_unknown_back_end_answers_with_the_known_names():
    with pytest.raises(UnknownBackendError) as raised:
        open_backend("wordfrek")
    assert raised.value.known == BUILTIN
    assert "known back-ends: es, infinigram, local" in str(raised.value)


def test_an_entry_point_adds_a_back_end_that_the_sanitizer_runs(plugin):
    backend = open_backend("evencounts:100")
    assert (backend.total(), backend.count("anything")) == (100, 10)
    # IC = log2(100 / 10) = 3.32 bits for every term: β 3 removes them all, β 4 none.
    text = PAPER_TEXT.read_text(encoding="utf-8")
    with Sanitizer(
        "evencounts:100", beta=3, s2_backend="none", use_cache=False, workers=1, policy="paper"
    ) as sanitizer:
        removed = sanitizer.sanitize(text)
    with Sanitizer(
        "evencounts:100", beta=4, s2_backend="none", use_cache=False, workers=1, policy="paper"
    ) as sanitizer:
        kept = sanitizer.sanitize(text)
    assert kept.text == text and not kept.sensitive
    assert "acquired immunodeficiency syndrome" not in removed.text
    assert len(removed.sensitive) == len(removed.terms)


def test_an_entry_point_named_like_a_built_in_back_end_does_not_replace_it(plugin, tmp_path):
    table = tmp_path / "t.json"
    table.write_text('{"total": 5, "counts": {}}', encoding="utf-8")
    assert isinstance(open_backend(f"table:{table}"), TableBackend)


@pytest.mark.parametrize(
    "name, problem",
    [
        ("broken", r"must point at BackendEntry\(name='broken', \.\.\.\)"),
        ("absent", "cannot be loaded: ModuleNotFoundError"),
    ],
    ids=["not-an-entry", "module-missing"],
)
def test_a_broken_entry_point_is_reported_by_name(plugin, name, problem):
    with pytest.raises(BackendUnavailableError, match=problem):
        open_backend(name)


def test_unknown_names_list_the_entry_points_too(plugin):
    with pytest.raises(UnknownBackendError) as raised:
        open_backend("nothing")
    assert raised.value.known == sorted([*BUILTIN, "absent", "broken", "evencounts"])


def test_sanitizer_backends_lists_a_plug_in(tmp_path, monkeypatch):
    install_plugin(
        tmp_path / "site",
        monkeypatch,
        "evencounts_plugin",
        PLUGIN,
        {"ic_sanitizer.backends": {"evencounts": "evencounts_plugin:ENTRY"}},
    )
    result = CliRunner().invoke(app, ["backends", "--json"])
    assert result.exit_code == 0, result.stderr
    listed = {b["name"]: b for b in json.loads(result.stdout)["backends"]}
    assert sorted(listed) == sorted([*BUILTIN, "evencounts"])
    assert listed["evencounts"]["summary"] == "ten of every phrase"


@pytest.mark.parametrize(
    "spec, over_network",
    [
        ("wordfreq", False),
        ("table:{table}", False),
        ("starter", False),
        ("infinigram", True),
    ],
    ids=["wordfreq", "table", "starter", "infinigram"],
)
def test_a_back_end_says_whether_it_asks_a_service(spec, over_network, tmp_path):
    table = tmp_path / "t.json"
    table.write_text('{"total": 5, "counts": {}}', encoding="utf-8")
    backend = open_backend(spec.format(table=table))
    assert backend.over_network is over_network
    backend.limit_rate(2.0)  # every back-end takes it; those on this machine ignore it
