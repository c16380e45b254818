"""Issue 13, items 5, 11, 23: keyed cache digests, a damaged cache repaired by the tool, a read-only info."""

from __future__ import annotations

import hashlib
import os
import sqlite3
import stat

import pytest
from typer.testing import CliRunner

from ic_sanitizer.cache import CachedCounter, CacheError, CountCache, clear_cache, inspect_cache
from ic_sanitizer.cli.app import app
from ic_sanitizer.corpus_stats import open_backend

from ..conftest import write_table

runner = CliRunner()


def _counter(tmp_path, folder):
    table = write_table(tmp_path / "t.json", 100, {"kowalski": 3, "warsaw": 5}, [(["kowalski", "warsaw"], 1)])
    return CachedCounter(open_backend(f"table:{table}"), CountCache(folder))


def _stored_keys(folder) -> set[str]:
    connection = sqlite3.connect(folder / "cache.db")
    try:
        return {row[0] for row in connection.execute("SELECT key FROM Cache")}
    finally:
        connection.close()


def _one_line_failure(result, code=1):
    assert result.exit_code == code, (result.exit_code, result.stdout, result.stderr)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "internal error" not in result.stderr, result.stderr


def test_cache_keys_are_keyed_per_cache_so_a_list_of_names_does_not_reverse_them(tmp_path):
    # Issue 13, item 5.
    first, second = tmp_path / "c1", tmp_path / "c2"
    for folder in (first, second):
        counter = _counter(tmp_path, folder)
        counter.count("kowalski")
        counter.count_all(["kowalski", "warsaw"])
        fingerprint = counter.backend.fingerprint()
    keys_first, keys_second = _stored_keys(first), _stored_keys(second)
    assert len(keys_first) == 2 and keys_first.isdisjoint(keys_second)
    # The unsalted digest an attacker would compute from a list of names is not there.
    for kind, phrases in (("count", ["kowalski"]), ("and", ["kowalski", "warsaw"])):
        guess = hashlib.sha256("\x1f".join([fingerprint, kind, *phrases]).encode()).hexdigest()
        assert guess not in keys_first


def test_the_cache_key_is_readable_by_its_owner_only_and_shared_by_processes(tmp_path):
    folder = tmp_path / "c"
    first = CountCache(folder)
    second = CountCache(folder)
    assert first.key("f", "count", ["kowalski"]) == second.key("f", "count", ["kowalski"])
    key_files = [p for p in folder.iterdir() if p.is_file() and p.stat().st_size == 32]
    assert len(key_files) == 1 and stat.S_IMODE(key_files[0].stat().st_mode) == 0o600


@pytest.mark.parametrize("damage", ["garbage database", "truncated database", "bad key"])
def test_a_damaged_cache_is_one_line_everywhere_and_cache_clear_repairs_it(tmp_path, damage):
    # Issue 13, item 11.
    folder = tmp_path / "c"
    counter = _counter(tmp_path, folder)
    counter.count("kowalski")
    counter._cache.close()
    database = folder / "cache.db"
    if damage == "garbage database":
        database.write_bytes(b"this is not SQLite" * 100)
    elif damage == "truncated database":
        database.write_bytes(database.read_bytes()[:100])
    else:
        (folder / "hmac-key").write_bytes(b"short")
    document = tmp_path / "doc.txt"
    document.write_text("Mr Kowalski lives in Warsaw.\n", encoding="utf-8")
    table = write_table(tmp_path / "t2.json", 100, {"kowalski": 3})
    sanitize = [
        "sanitize",
        str(document),
        "--backend",
        f"table:{table}",
        "--cache-dir",
        str(folder),
        "--policy",
        "paper",
        "--beta",
        "3",
    ]
    failed = runner.invoke(app, sanitize)
    _one_line_failure(failed)
    assert str(folder) in failed.stderr and "cache clear" in failed.stderr
    if damage != "bad key":
        _one_line_failure(runner.invoke(app, ["cache", "info", "--cache-dir", str(folder)]))
    cleared = runner.invoke(app, ["cache", "clear", "--cache-dir", str(folder)])
    assert cleared.exit_code == 0, cleared.stderr
    assert runner.invoke(app, sanitize).exit_code == 0
    assert runner.invoke(app, ["cache", "info", "--cache-dir", str(folder)]).exit_code == 0


def test_cache_clear_leaves_the_other_files_of_the_folder_alone(tmp_path):
    folder = tmp_path / "c"
    _counter(tmp_path, folder).count("kowalski")
    (folder / "notes.txt").write_text("mine", encoding="utf-8")
    (folder / "cache.db").write_bytes(b"garbage" * 50)
    assert runner.invoke(app, ["cache", "clear", "--cache-dir", str(folder)]).exit_code == 0
    assert (folder / "notes.txt").read_text(encoding="utf-8") == "mine"


def _snapshot(folder):
    return {p.name: (p.stat().st_size, p.stat().st_mtime_ns) for p in folder.iterdir()}, stat.S_IMODE(
        folder.stat().st_mode
    )


@pytest.mark.parametrize("state", ["empty folder", "existing cache"])
def test_cache_info_only_reads(tmp_path, state):
    # Issue 13, item 23: no chmod, no database created, no file touched.
    folder = tmp_path / "shared"
    if state == "existing cache":
        counter = _counter(tmp_path, folder)
        counter.count("kowalski")
        counter._cache.close()
    else:
        folder.mkdir()
    os.chmod(folder, 0o755)
    before = _snapshot(folder)
    result = runner.invoke(app, ["cache", "info", "--cache-dir", str(folder), "--json"])
    assert result.exit_code == 0, result.stderr
    assert _snapshot(folder) == before
    assert ('"entries": 1' if state == "existing cache" else '"entries": 0') in result.stdout


def test_cache_info_on_a_missing_folder_creates_nothing(tmp_path):
    folder = tmp_path / "absent"
    assert runner.invoke(app, ["cache", "info", "--cache-dir", str(folder)]).exit_code == 0
    assert runner.invoke(app, ["cache", "clear", "--cache-dir", str(folder)]).exit_code == 0
    assert not folder.exists()


def test_an_existing_folder_keeps_its_permissions(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    os.chmod(folder, 0o755)
    CountCache(folder).close()
    assert stat.S_IMODE(folder.stat().st_mode) == 0o755


def _foreign_database(folder, content=None):
    folder.mkdir()
    if content is not None:
        (folder / "cache.db").write_bytes(content)
        return
    connection = sqlite3.connect(folder / "cache.db")
    connection.execute("CREATE TABLE invoices (number TEXT)")
    connection.commit()
    connection.close()


@pytest.mark.parametrize("content", [None, b"another program's file"], ids=["sqlite", "not-sqlite"])
@pytest.mark.parametrize("use", ["open", "clear", "inspect"])
def test_another_programs_cache_db_is_refused_and_left_alone(tmp_path, content, use):
    folder = tmp_path / "theirs"
    _foreign_database(folder, content)
    before = sorted(p.name for p in folder.iterdir()), (folder / "cache.db").read_bytes()
    action = {"open": CountCache, "clear": clear_cache, "inspect": inspect_cache}[use]
    with pytest.raises(CacheError, match="not a count cache of this program"):
        action(folder)
    assert (sorted(p.name for p in folder.iterdir()), (folder / "cache.db").read_bytes()) == before
