"""Corpus statistics for the sanitizer: counts of phrases and of their co-occurrence.

Knows nothing of the sanitizer. Every back-end implements ``CountBackend`` and is
opened by name with ``open_backend("NAME[:ARGUMENT]")``.
"""

from .errors import (
    BackendDataError,
    BackendUnavailableError,
    ConjunctionUnsupportedError,
    CorpusStatsError,
    UnknownBackendError,
)
from .normalize import index_tokens, normalize_phrase
from .protocol import CountBackend, CountUnit, NoNetwork
from .registry import BackendEntry, backend_data_path, backend_entries, open_backend, parse_spec, register

__all__ = [
    "BackendDataError",
    "BackendEntry",
    "BackendUnavailableError",
    "ConjunctionUnsupportedError",
    "CorpusStatsError",
    "CountBackend",
    "CountUnit",
    "NoNetwork",
    "UnknownBackendError",
    "backend_data_path",
    "backend_entries",
    "index_tokens",
    "normalize_phrase",
    "open_backend",
    "parse_spec",
    "register",
]
