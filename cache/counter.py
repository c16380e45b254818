"""Counts through the cache: each distinct query reaches the back-end at most once.

``CachedCounter`` wraps a ``corpus_stats`` back-end. A query is answered from this
run's memory, else from the disk cache, else from the back-end, whose answer is
written to disk at once (so an interrupted run loses nothing it already paid for).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Sequence

from corpus_stats import CountBackend, normalize_phrase

from .count_cache import CountCache, query_key


@dataclass(frozen=True)
class QueryStats:
    #: distinct queries sent to the back-end
    issued: int
    #: distinct queries answered by the disk cache
    cached: int
    #: repeats of a query already answered in this run (no disk, no back-end)
    deduplicated: int = 0

    def __add__(self, other: "QueryStats") -> "QueryStats":
        return QueryStats(self.issued + other.issued, self.cached + other.cached,
                          self.deduplicated + other.deduplicated)

    def __sub__(self, earlier: "QueryStats") -> "QueryStats":
        return QueryStats(self.issued - earlier.issued, self.cached - earlier.cached,
                          self.deduplicated - earlier.deduplicated)


class CachedCounter:
    def __init__(self, backend: CountBackend, cache: Optional[CountCache]) -> None:
        self.backend = backend
        self._cache = cache
        self._fingerprint = backend.fingerprint()
        self._memory: dict[str, int] = {}
        # The same raw query, asked again in this run (a sweep asks each many times):
        # answered before normalizing and hashing it.
        self._seen: dict[tuple, int] = {}
        self._issued = 0
        self._cached = 0
        self._deduplicated = 0
        self._total: Optional[int] = None

    def total(self) -> int:
        if self._total is None:
            self._total = self._lookup("total", [], lambda: self.backend.total())
        return self._total

    def count(self, phrase: str) -> int:
        seen = self._seen.get(("count", phrase))
        if seen is not None:
            self._deduplicated += 1
            return seen
        normalized = normalize_phrase(phrase)
        value = self._lookup("count", [normalized], lambda: self.backend.count(normalized))
        self._seen[("count", phrase)] = value
        return value

    def count_all(self, phrases: Sequence[str]) -> int:
        raw = ("and", *phrases)
        seen = self._seen.get(raw)
        if seen is not None:
            self._deduplicated += 1
            return seen
        # A conjunction is unordered: sort so that (a, b) and (b, a) share a key.
        normalized = sorted(normalize_phrase(p) for p in phrases)
        value = self._lookup("and", normalized, lambda: self.backend.count_all(normalized))
        self._seen[raw] = value
        return value

    def _lookup(self, kind: str, normalized: list[str], ask) -> int:
        key = query_key(self._fingerprint, kind, normalized)
        if key in self._memory:
            self._deduplicated += 1
            return self._memory[key]
        value = self._cache.get(key) if self._cache is not None else None
        if value is not None:
            self._cached += 1
        else:
            value = int(ask())
            self._issued += 1
            if self._cache is not None:
                self._cache.put(key, value)
        self._memory[key] = value
        return value

    def stats(self) -> QueryStats:
        return QueryStats(self._issued, self._cached, self._deduplicated)
