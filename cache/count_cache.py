"""A persistent, process-safe cache of back-end counts (diskcache on SQLite).

Keys are SHA-256 digests of (back-end fingerprint, query kind, normalized phrases):
the cache never holds a term in clear, and a count cached for one corpus is never
served for another. Values are the integer counts. The folder is created private
to the user (0700), because even digests of short terms can be confirmed by
someone who guesses the term.
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

import diskcache

CACHE_DIR_ENV = "SANITIZER_CACHE_DIR"
_QUERY_SEPARATOR = "\x1f"


def default_cache_dir() -> Path:
    """$SANITIZER_CACHE_DIR, else $XDG_CACHE_HOME/ic-sanitizer, else ~/.cache/ic-sanitizer."""
    explicit = os.environ.get(CACHE_DIR_ENV)
    if explicit:
        return Path(explicit).expanduser()
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "ic-sanitizer"


def query_key(fingerprint: str, kind: str, normalized_phrases: Sequence[str]) -> str:
    """The cache key of a query: a digest, never the phrases themselves."""
    material = _QUERY_SEPARATOR.join([fingerprint, kind, *normalized_phrases])
    return hashlib.sha256(material.encode("utf-8")).hexdigest()


class CacheError(Exception):
    """The cache folder cannot be created or opened."""


@dataclass(frozen=True)
class CacheInfo:
    directory: str
    entries: int
    size_bytes: int


class CountCache:
    """Counts on disk. Safe to share between processes and runs."""

    def __init__(self, directory: Optional[Path] = None) -> None:
        self.directory = Path(directory) if directory is not None else default_cache_dir()
        try:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            os.chmod(self.directory, 0o700)
            # A count is tiny; SQLite's default size limit (1 GB) is plenty and
            # eviction would silently make a paid web query be paid twice.
            self._store = diskcache.Cache(str(self.directory), eviction_policy="none")
        except (OSError, diskcache.core.Timeout) as exc:
            raise CacheError(f"cannot open the count cache at {self.directory}: {getattr(exc, 'strerror', None) or exc}") from None

    def get(self, key: str) -> Optional[int]:
        return self._store.get(key)

    def put(self, key: str, count: int) -> None:
        self._store.set(key, int(count))

    def info(self) -> CacheInfo:
        return CacheInfo(str(self.directory), len(self._store), self._store.volume())

    def clear(self) -> int:
        return self._store.clear()

    def close(self) -> None:
        self._store.close()
