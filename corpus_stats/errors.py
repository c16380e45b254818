"""Errors raised by corpus back-ends, beneath the package's one root ``ic_sanitizer.SanitizerError``.

    CorpusStatsError                 base of every error of corpus_stats (a SanitizerError)
    ├── UnknownBackendError          a back-end name nobody registered (lists the known names)
    ├── BackendUnavailableError      a back-end that cannot run here: a dependency, its data, an
    │                                argument, an option or an API key is missing or wrong, or a
    │                                plug-in back-end cannot be loaded
    ├── BackendDataError             a back-end's data (table file, index, source collection)
    │                                cannot be read or is malformed
    ├── ConjunctionUnsupportedError  a conjunction count asked of a back-end that has none
    ├── UnreadableFileError          a file cannot be read (missing, not a regular file, permission, I/O)
    ├── UnsafeOutputError            an output path is, holds or lies inside an input or another output
    ├── EgressRefusedError           a request would leave the machine without permission, or go to
    │                                an address its URL does not plainly name
    └── ServiceError                 a network service failed for good, after retries (in net/http.py)
        └── QuotaExhaustedError      the service says the key's quota is spent (in net/http.py)

The cache's ``QueryRunInterrupted`` (cache/errors.py) is a CorpusStatsError too: it
wraps the back-end error that stopped a run of queries. Built-in exceptions raised
inside a module for control flow are caught in that module; the loopback fakes raise
ValueError for a kind of service they do not imitate (a programming error).

Messages name the back-end and the file at fault, never a queried phrase: phrases
are document terms and may be exactly what the user wants to hide.
"""

from __future__ import annotations

from ic_sanitizer.errors import SanitizerError


class CorpusStatsError(SanitizerError):
    """Base class of every error raised by corpus_stats."""


class UnknownBackendError(CorpusStatsError):
    def __init__(self, name: str, known: list[str]) -> None:
        self.name = name
        self.known = known
        super().__init__(f"unknown back-end {name!r}; known back-ends: {', '.join(known)}")


class BackendUnavailableError(CorpusStatsError):
    """The back-end is registered but cannot run on this machine."""


class BackendDataError(CorpusStatsError):
    """The back-end's data source is missing, unreadable or malformed."""


class ConjunctionUnsupportedError(CorpusStatsError):
    def __init__(self, backend: str) -> None:
        self.backend = backend
        super().__init__(f"back-end {backend!r} has no conjunction (co-occurrence) counts")


class UnreadableFileError(CorpusStatsError):
    def __init__(self, path: object, reason: str) -> None:
        self.path = str(path)
        self.reason = reason
        super().__init__(f"{path}: {reason}")


class UnsafeOutputError(CorpusStatsError):
    """Writing would overwrite, delete or nest inside what the run reads or writes."""


class EgressRefusedError(CorpusStatsError):
    """Raised before any socket opens (and before any DNS look-up of a host not on this machine)."""
