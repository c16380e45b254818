"""Counts through the cache: each distinct query reaches the back-end at most once.

``CachedCounter`` wraps a ``corpus_stats`` back-end. A query is answered from this
run's memory, else from the disk cache, else from the back-end, whose answer is
written to disk at once (so an interrupted run loses nothing it already paid for).

Opening a counter asks the back-end nothing (its fingerprint is asked with the first
query), so a back-end that must not be used (no ``--allow-web``) can be refused after
the counter exists and before any request.

``stats()`` counts a query where it is used: an answer fetched ahead by ``prefetch``
counts as issued (or cached) at the first look-up that uses it after the next
``stats()`` call, so the difference of two ``stats()`` around one document's decisions
is that document's share even when the whole batch was asked at once. Look-ups between
a prefetch and that call plan the batch (which pairs to ask) and count nothing.
"""

from __future__ import annotations

import logging
import secrets
import threading
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from typing import Callable, Iterable, Optional, Sequence

from ic_sanitizer.corpus_stats import CorpusStatsError, CountBackend, normalize_phrase

from .count_cache import KEY_BYTES, CountCache, query_key

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class QueryStats:
    #: distinct queries sent to the back-end
    issued: int
    #: distinct queries answered by the disk cache
    cached: int
    #: repeats of a query already answered in this run (no disk, no back-end)
    deduplicated: int = 0

    def __add__(self, other: "QueryStats") -> "QueryStats":
        return QueryStats(
            self.issued + other.issued, self.cached + other.cached, self.deduplicated + other.deduplicated
        )

    def __sub__(self, earlier: "QueryStats") -> "QueryStats":
        return QueryStats(
            self.issued - earlier.issued, self.cached - earlier.cached, self.deduplicated - earlier.deduplicated
        )


class QueryRunInterrupted(CorpusStatsError):
    """A prefetch stopped on a back-end error; what was answered is cached."""

    def __init__(self, cause: Exception, answered: int, needed: int) -> None:
        self.cause, self.answered, self.needed = cause, answered, needed
        super().__init__(
            f"{cause}; {answered:,} of the {needed:,} queries this run needs are answered and "
            "cached: run again to continue"
        )


@dataclass(frozen=True)
class PrefetchStats:
    asked: int  # queries named by the caller
    deduplicated: int  # of those, repeats of one another or of this run's earlier queries
    cached: int  # answered by the disk cache
    issued: int  # sent to the back-end


#: answers of a local back-end the engine writes to the disk cache in one transaction
WRITE_BATCH = 500

#: a query: ("count", [phrase]) or ("and", [phrase, phrase, ...])
Query = tuple[str, Sequence[str]]


class CachedCounter:
    def __init__(self, backend: CountBackend, cache: Optional[CountCache], *, write_batch: int = 1) -> None:
        self.backend = backend
        self._cache = cache
        # Without a disk cache the keys live in memory only: any secret will do.
        self._secret = cache.secret if cache is not None else secrets.token_bytes(KEY_BYTES)
        self._fingerprint_value: Optional[str] = None
        self._memory: dict[str, int] = {}
        # Answers prefetched and not yet used by a look-up: key -> "issued" | "cached".
        self._unclaimed: dict[str, str] = {}
        # False from a prefetch to the next stats(): look-ups then plan, and count nothing.
        self._counting = True
        # The same raw query, asked again in this run (a sweep asks each many times):
        # answered before normalizing and hashing it.
        self._seen: dict[tuple[str, ...], int] = {}
        self._issued = 0
        self._cached = 0
        self._deduplicated = 0
        self._lock = threading.Lock()
        self._total: Optional[int] = None
        # With ``write_batch`` > 1 (the engine's choice), a local back-end's answers are
        # written to the disk cache in batches (one SQLite commit each instead of one per
        # answer: a commit costs four times the look-up); a crash loses at most a batch,
        # which the back-end answers again at once. A network back-end's answers (paid,
        # rate-limited) are always written the moment they come.
        self._unwritten: list[tuple[str, int]] = []
        self._batch = 1 if backend.over_network else max(1, write_batch)

    @property
    def _fingerprint(self) -> str:
        if self._fingerprint_value is None:
            self._fingerprint_value = self.backend.fingerprint()
        return self._fingerprint_value

    def _key(self, kind: str, normalized: list[str]) -> str:
        return query_key(self._secret, self._fingerprint, kind, normalized)

    def total(self) -> int:
        if self._total is None:
            self._total = self._lookup("total", [], lambda: self.backend.total())
        return self._total

    def count(self, phrase: str) -> int:
        return self._query("count", (phrase,))

    def count_all(self, phrases: Sequence[str]) -> int:
        return self._query("and", tuple(phrases))

    @staticmethod
    def _normalized(kind: str, phrases: Sequence[str]) -> list[str]:
        # A conjunction is unordered: sort so that (a, b) and (b, a) share a key.
        normalized = [normalize_phrase(p) for p in phrases]
        return sorted(normalized) if kind == "and" else normalized

    def _ask_backend(self, kind: str, normalized: list[str]) -> int:
        return int(self.backend.count(normalized[0]) if kind == "count" else self.backend.count_all(normalized))

    def _from_disk(self, key: str) -> Optional[int]:
        return self._cache.get(key) if self._cache is not None else None

    def _query(self, kind: str, phrases: tuple[str, ...]) -> int:
        raw = (kind, *phrases)
        seen = self._seen.get(raw)
        if seen is not None:
            self._deduplicated += 1
            return seen
        normalized = self._normalized(kind, phrases)
        value = self._lookup(kind, normalized, lambda: self._ask_backend(kind, normalized))
        if self._counting:  # a planning look-up must leave the first counted one to _lookup
            self._seen[raw] = value
        return value

    def _lookup(self, kind: str, normalized: list[str], ask: Callable[[], int]) -> int:
        key = self._key(kind, normalized)
        if key in self._memory:
            if not self._counting and key in self._unclaimed:
                return self._memory[key]
            origin = self._unclaimed.pop(key, None)
            if origin == "issued":
                self._issued += 1
            elif origin == "cached":
                self._cached += 1
            else:
                self._deduplicated += 1
            return self._memory[key]
        value = self._from_disk(key)
        if value is not None:
            self._cached += 1
        else:
            value = int(ask())
            self._issued += 1
            self._write(key, value)
        self._memory[key] = value
        return value

    def _write(self, key: str, value: int) -> None:
        if self._cache is None:
            return
        self._unwritten.append((key, value))
        if len(self._unwritten) >= self._batch:
            self.flush()

    def flush(self) -> None:
        """Write the answers not yet on disk (the engine calls it after each document and on close)."""
        if self._cache is not None and self._unwritten:
            self._cache.put_many(self._unwritten)
            log.debug("count cache: %d answers written", len(self._unwritten))  # counts, never the terms
        self._unwritten = []

    def prefetch(
        self,
        queries: Iterable[Query],
        workers: int = 1,
        on_answer: Callable[[int, int], None] = lambda done, total: None,
    ) -> PrefetchStats:
        """Answer many queries at once, ``workers`` of them in flight.

        Queries are deduplicated (after normalization) and looked up in the disk cache
        first; each back-end answer is written to the cache the moment it arrives. On a
        back-end error no new query starts, the ones in flight finish and are kept, and
        QueryRunInterrupted says how far the run got; Ctrl-C does the same and re-raises.
        """
        asked = deduplicated = cached = 0
        self._counting = False
        missing: dict[str, tuple[str, list[str]]] = {}
        for kind, phrases in queries:
            asked += 1
            normalized = self._normalized(kind, phrases)
            key = self._key(kind, normalized)
            if key in self._memory or key in missing:
                deduplicated += 1
                continue
            value = self._from_disk(key)
            if value is not None:
                self._memory[key] = value
                self._unclaimed[key] = "cached"
                cached += 1
                continue
            missing[key] = (kind, normalized)
        issued = self._ask_all(missing, max(1, workers), on_answer)
        return PrefetchStats(asked, deduplicated, cached, issued)

    def _ask_one(self, key: str, kind: str, normalized: list[str]) -> None:
        value = self._ask_backend(kind, normalized)
        if self._cache is not None:
            self._cache.put(key, value)
        with self._lock:
            self._memory[key] = value
            self._unclaimed[key] = "issued"

    def _ask_all(
        self, missing: dict[str, tuple[str, list[str]]], workers: int, on_answer: Callable[[int, int], None]
    ) -> int:
        pending = iter(missing.items())
        answered = 0
        failure: Optional[BaseException] = None
        in_flight: set[Future[None]] = set()
        with ThreadPoolExecutor(max_workers=workers) as pool:
            try:
                while True:
                    while failure is None and len(in_flight) < workers * 2:
                        item = next(pending, None)
                        if item is None:
                            break
                        key, (kind, normalized) = item
                        in_flight.add(pool.submit(self._ask_one, key, kind, normalized))
                    if not in_flight:
                        break
                    done, in_flight = wait(in_flight, return_when=FIRST_COMPLETED)
                    for future in done:
                        if future.exception() is None:
                            answered += 1
                            on_answer(answered, len(missing))
                        elif failure is None:
                            failure = future.exception()
            except KeyboardInterrupt:
                # Let the queries in flight finish: their answers are paid for and get cached.
                wait(in_flight)
                raise
        if failure is not None:
            if isinstance(failure, CorpusStatsError):
                raise QueryRunInterrupted(failure, answered, len(missing)) from None
            raise failure
        return answered

    def stats(self) -> QueryStats:
        """Queries used by look-ups so far (a prefetched answer counts when first used after this call)."""
        self._counting = True
        return QueryStats(self._issued, self._cached, self._deduplicated)
