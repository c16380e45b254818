from __future__ import annotations

import os
import stat

from typer.testing import CliRunner

from ic_sanitizer.cache import CachedCounter, CountCache
from ic_sanitizer.cli.app import app
from ic_sanitizer.corpus_stats import open_backend

from ..conftest import write_table


class CountingBackend:
    """A table back-end that counts the queries it answers."""

    def __init__(self, inner):
        self._inner = inner
        self.calls = 0
        for attribute in ("name", "unit", "supports_conjunction", "sends_terms_off_machine", "over_network"):
            setattr(self, attribute, getattr(inner, attribute))

    def fingerprint(self):
        return self._inner.fingerprint()

    def describe(self):
        return self._inner.describe()

    def total(self):
        self.calls += 1
        return self._inner.total()

    def count(self, phrase):
        self.calls += 1
        return self._inner.count(phrase)

    def count_all(self, phrases):
        self.calls += 1
        return self._inner.count_all(phrases)


def _table(tmp_path):
    return open_backend(
        f"table:{write_table(tmp_path / 't.json', 100, {'kowalski': 3}, [(['kowalski', 'warsaw'], 1)])}"
    )


def test_counts_are_reused_across_counters_and_processes_share_the_folder(tmp_path):
    folder = tmp_path / "c"
    first = CountingBackend(_table(tmp_path))
    counter = CachedCounter(first, CountCache(folder))
    assert counter.count("Kowalski") == 3 and counter.count_all(["warsaw", "kowalski"]) == 1
    assert counter.count("kowalski") == 3  # same normalized query: answered from memory
    assert counter.stats().issued == 2 and counter.stats().deduplicated == 1

    second = CountingBackend(_table(tmp_path))
    again = CachedCounter(second, CountCache(folder))
    assert again.count("KOWALSKI") == 3 and again.count_all(["kowalski", "warsaw"]) == 1
    assert second.calls == 0 and again.stats().cached == 2


def test_cache_never_holds_a_term_in_clear(tmp_path):
    folder = tmp_path / "c"
    counter = CachedCounter(_table(tmp_path), CountCache(folder))
    counter.count("kowalski")
    counter.count_all(["kowalski", "warsaw"])
    for path in folder.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            assert b"kowalski" not in data.lower() and b"warsaw" not in data.lower()
            assert "kowalski" not in path.name.lower()


def test_cache_folder_is_private(tmp_path):
    folder = tmp_path / "c"
    CountCache(folder).close()
    assert stat.S_IMODE(os.stat(folder).st_mode) == 0o700


def test_cache_info_and_clear_commands(tmp_path):
    folder = tmp_path / "c"
    counter = CachedCounter(_table(tmp_path), CountCache(folder))
    counter.count("kowalski")
    runner = CliRunner()
    info = runner.invoke(app, ["cache", "info", "--cache-dir", str(folder), "--json"])
    assert info.exit_code == 0 and '"entries": 1' in info.stdout
    cleared = runner.invoke(app, ["cache", "clear", "--cache-dir", str(folder)])
    assert cleared.exit_code == 0
    assert CountCache(folder).info().entries == 0


def test_environment_variable_moves_the_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("SANITIZER_CACHE_DIR", str(tmp_path / "moved"))
    assert CountCache().directory == tmp_path / "moved"


def test_an_engines_local_answers_reach_the_disk_in_one_batch_a_network_back_ends_at_once(tmp_path):
    folder = tmp_path / "c"
    local = CachedCounter(_table(tmp_path), CountCache(folder), write_batch=500)
    local.count("kowalski")
    local.count_all(["kowalski", "warsaw"])
    assert CountCache(folder).info().entries == 0
    local.flush()
    assert CountCache(folder).info().entries == 2

    remote_backend = CountingBackend(_table(tmp_path))
    remote_backend.over_network = True  # paid and rate-limited: never held back
    remote = CachedCounter(remote_backend, CountCache(tmp_path / "r"), write_batch=500)
    remote.count("kowalski")
    assert CountCache(tmp_path / "r").info().entries == 1
