"""A persistent, process-safe cache of back-end counts (diskcache on SQLite).

Keys are HMAC-SHA-256 digests of (back-end fingerprint, query kind, normalized
phrases) under a random key of this cache, kept in the cache folder and readable by
its owner only (``hmac-key``, 0600). Without that key a digest cannot be confirmed by
hashing a list of names: the cache holds no term in clear, and its keys reveal none
to someone who copies the database alone. A count cached for one corpus is never
served for another. Values are the integer counts. A folder the cache creates is
private to the user (0700); an existing folder's permissions are left alone.

Failures of SQLite underneath (a damaged database, a locked or full disk) surface as
one CacheError naming the folder. ``inspect_cache`` only reads (it creates, chmods and
locks nothing); ``clear_cache`` empties a cache, and repairs a damaged one by removing
the files of the cache (and only those) and starting afresh.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import re
import secrets
import shutil
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence
from urllib.parse import quote

import diskcache

from ic_sanitizer.corpus_stats.errors import UnreadableFileError
from ic_sanitizer.corpus_stats.files.safe_files import open_regular_file
from ic_sanitizer.errors import SanitizerError

CACHE_DIR_ENV = "SANITIZER_CACHE_DIR"
KEY_FILE = "hmac-key"
KEY_BYTES = 32
_DATABASE = diskcache.core.DBNAME  # "cache.db"
_DATABASE_FILES = (_DATABASE, f"{_DATABASE}-wal", f"{_DATABASE}-shm", f"{_DATABASE}-journal")
_VALUE_FOLDER = re.compile(r"[0-9a-f]{2}")  # diskcache keeps large values in such folders
_QUERY_SEPARATOR = "\x1f"


def default_cache_dir() -> Path:
    """$SANITIZER_CACHE_DIR, else $XDG_CACHE_HOME/ic-sanitizer, else ~/.cache/ic-sanitizer."""
    explicit = os.environ.get(CACHE_DIR_ENV)
    if explicit:
        return Path(explicit).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "ic-sanitizer"


def query_key(secret: bytes, fingerprint: str, kind: str, normalized_phrases: Sequence[str]) -> str:
    """The cache key of a query: a keyed digest, never the phrases themselves."""
    material = _QUERY_SEPARATOR.join([fingerprint, kind, *normalized_phrases])
    return hmac.new(secret, material.encode("utf-8"), hashlib.sha256).hexdigest()


class CacheError(SanitizerError):
    """The cache folder cannot be created, opened or used; the message names the folder."""


class CacheDamagedError(CacheError):
    """The cache's database or key is not what this tool wrote; ``clear_cache`` repairs it."""


def _damaged(directory: Path, detail: str) -> CacheError:
    return CacheDamagedError(
        f"the count cache at {directory} is damaged ({detail}); "
        f"`sanitizer cache clear` (or cache.clear_cache) repairs it"
    )


def _sqlite_failure(directory: Path, exc: Exception) -> CacheError:
    if isinstance(exc, sqlite3.OperationalError):
        return CacheError(f"cannot use the count cache at {directory} (SQLite: {exc})")
    if isinstance(exc, sqlite3.Error):
        return _damaged(directory, f"SQLite: {exc}")
    if isinstance(exc, diskcache.core.Timeout):
        return CacheError(f"the count cache at {directory} stayed locked by another process")
    return CacheError(f"cannot use the count cache at {directory}: {getattr(exc, 'strerror', None) or exc}")


_FAILURES = (OSError, sqlite3.Error, diskcache.core.Timeout)


def _read_key(path: Path) -> bytes:
    # opened as a regular file only: a FIFO or a device standing as the key would block
    # the run or feed it anything (the repair, `cache clear`, removes it)
    try:
        with open_regular_file(path) as handle:
            secret = handle.read(KEY_BYTES + 1)
    except UnreadableFileError:
        secret = b""
    if len(secret) != KEY_BYTES:
        raise _damaged(path.parent, f"{KEY_FILE} is not a key")
    return secret


def _refuse_special_files(directory: Path) -> None:
    """A cache's database files must be regular files: SQLite opening a FIFO standing as
    one would block the run."""
    for name in _DATABASE_FILES:
        path = directory / name
        if (path.exists() or path.is_symlink()) and not path.is_file():
            raise _damaged(directory, f"{name} is not a regular file")


def _key_of(directory: Path) -> bytes:
    """This cache's HMAC key, created on first use; concurrent first uses agree on one."""
    path = directory / KEY_FILE
    if path.exists():
        return _read_key(path)
    candidate = directory / f".{KEY_FILE}.{os.getpid()}.{secrets.token_hex(4)}"
    descriptor = os.open(candidate, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "wb") as handle:
            handle.write(secrets.token_bytes(KEY_BYTES))
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(candidate, path)  # atomic: the first process to publish its key wins
        except FileExistsError:
            pass
    finally:
        candidate.unlink(missing_ok=True)
    return _read_key(path)


@dataclass(frozen=True)
class CacheInfo:
    directory: str
    entries: int
    size_bytes: int
    exists: bool = True


def _read_only(directory: Path) -> sqlite3.Connection:
    """The cache's database opened so that nothing in the folder changes. Without a
    write-ahead log there is no writer to wait for: the file is opened as immutable,
    so that SQLite creates no -wal/-shm file beside it."""
    immutable = "" if (directory / f"{_DATABASE}-wal").exists() else "&immutable=1"
    return sqlite3.connect(f"file:{quote(str((directory / _DATABASE).resolve()))}?mode=ro{immutable}", uri=True)


#: the tables diskcache makes; a cache.db with any other table is another program's
_DISKCACHE_TABLES = {"Settings", "Cache"}


def _refuse_foreign(directory: Path) -> None:
    """Refuse a folder whose cache.db is not a count cache: one without this program's
    key file beside it (the key is written before the database), or an SQLite database
    with tables diskcache does not make. Opening it would add tables to another
    program's database, and repairing it would delete it."""
    database = directory / _DATABASE
    if not database.is_file():
        return
    foreign = CacheError(
        f"{directory} holds a {_DATABASE} that is not a count cache of this program (another "
        "program's?); it is left alone: give another `cache_dir`"
    )
    if not (directory / KEY_FILE).exists():
        raise foreign
    try:
        connection = _read_only(directory)
        try:
            tables = {row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        finally:
            connection.close()
    except sqlite3.Error:
        return  # not readable as SQLite: a damaged cache of ours (its key is there), repaired by clear
    if tables - _DISKCACHE_TABLES:
        raise foreign


class CountCache:
    """Counts on disk. Safe to share between processes and runs."""

    def __init__(self, directory: Optional[Path] = None) -> None:
        self.directory = Path(directory) if directory is not None else default_cache_dir()
        try:
            _refuse_foreign(self.directory)
            if not self.directory.exists():
                self.directory.mkdir(mode=0o700, parents=True)
                os.chmod(self.directory, 0o700)  # mkdir's mode is masked by the umask
            self.secret = _key_of(self.directory)
            _refuse_special_files(self.directory)
            # A count is tiny; SQLite's default size limit (1 GB) is plenty and
            # eviction would silently make a paid web query be paid twice.
            self._store = diskcache.Cache(str(self.directory), eviction_policy="none")
        except CacheError:
            raise
        except FileExistsError:
            raise CacheError(
                f"cannot open the count cache at {self.directory}: it exists and is not a folder"
            ) from None
        except _FAILURES as exc:
            raise _sqlite_failure(self.directory, exc) from None

    def key(self, fingerprint: str, kind: str, normalized_phrases: Sequence[str]) -> str:
        return query_key(self.secret, fingerprint, kind, normalized_phrases)

    def get(self, key: str) -> Optional[int]:
        try:
            return self._store.get(key)
        except _FAILURES as exc:
            raise _sqlite_failure(self.directory, exc) from None

    def put(self, key: str, count: int) -> None:
        try:
            self._store.set(key, int(count))
        except _FAILURES as exc:
            raise _sqlite_failure(self.directory, exc) from None

    def put_many(self, items: Sequence[tuple[str, int]]) -> None:
        """Several answers in one SQLite transaction (one commit instead of one per answer)."""
        try:
            with self._store.transact(retry=True):
                for key, count in items:
                    self._store.set(key, int(count))
        except _FAILURES as exc:
            raise _sqlite_failure(self.directory, exc) from None

    def info(self) -> CacheInfo:
        try:
            return CacheInfo(str(self.directory), len(self._store), self._store.volume())
        except _FAILURES as exc:
            raise _sqlite_failure(self.directory, exc) from None

    def clear(self) -> int:
        try:
            return self._store.clear()
        except _FAILURES as exc:
            raise _sqlite_failure(self.directory, exc) from None

    def close(self) -> None:
        self._store.close()


def _cache_folder(directory: Optional[Path]) -> Path:
    directory = Path(directory) if directory is not None else default_cache_dir()
    if directory.exists() and not directory.is_dir():
        raise CacheError(f"the count cache {directory} is not a folder")
    return directory


def _folder_bytes(directory: Path) -> int:
    return sum(f.stat().st_size for f in directory.rglob("*") if f.is_file())


def inspect_cache(directory: Optional[Path] = None) -> CacheInfo:
    """Entries and size of a cache, read-only: creates, chmods and locks nothing."""
    directory = _cache_folder(directory)
    database = directory / _DATABASE
    if not database.is_file():
        return CacheInfo(str(directory), 0, 0, exists=False)
    _refuse_foreign(directory)
    try:
        connection = _read_only(directory)
        try:
            entries = connection.execute("SELECT COUNT(*) FROM Cache").fetchone()[0]
        finally:
            connection.close()
        return CacheInfo(str(directory), int(entries), _folder_bytes(directory))
    except _FAILURES as exc:
        raise _sqlite_failure(directory, exc) from None


@dataclass(frozen=True)
class ClearOutcome:
    directory: str
    #: counts removed; None when the cache was damaged and its files were removed whole
    removed: Optional[int]
    repaired: bool


def _remove_cache_files(directory: Path) -> None:
    """The files of a cache, and nothing else the folder may hold."""
    for name in (*_DATABASE_FILES, KEY_FILE):
        path = directory / name
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path)
        elif path.exists() or path.is_symlink():
            path.unlink()
    for path in directory.iterdir():
        if (
            path.is_dir()
            and _VALUE_FOLDER.fullmatch(path.name)
            and all(f.suffix == ".val" for f in path.rglob("*") if f.is_file())
        ):
            shutil.rmtree(path)


def clear_cache(directory: Optional[Path] = None) -> ClearOutcome:
    """Empty a cache; a damaged one is removed file by file and started afresh."""
    directory = _cache_folder(directory)
    if not (directory / _DATABASE).exists() and not (directory / KEY_FILE).exists():
        return ClearOutcome(str(directory), 0, False)
    _refuse_foreign(directory)
    try:
        cache = CountCache(directory)
        try:
            return ClearOutcome(str(directory), cache.clear(), False)
        finally:
            cache.close()
    except CacheDamagedError:
        pass
    try:
        _remove_cache_files(directory)
    except OSError as exc:
        raise CacheError(f"cannot repair the count cache at {directory}: {exc.strerror or exc}") from None
    CountCache(directory).close()
    return ClearOutcome(str(directory), None, True)
