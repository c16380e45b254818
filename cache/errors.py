"""Errors raised by the count cache, beneath the package's one root ``ic_sanitizer.SanitizerError``.

    CacheError                   the cache folder cannot be created, opened or used (a SanitizerError)
    └── CacheDamagedError        its database or key is not what this tool wrote (`cache clear` repairs it)
    CorpusStatsError             (corpus_stats's base: a run of queries is a back-end matter)
    └── QueryRunInterrupted      a prefetch stopped on a back-end error; it says how much of
                                 the run is answered and cached, so that a rerun continues

Messages name the cache folder, never a key or a term.
"""

from __future__ import annotations

# Defined beside the code that raises them for now (count_cache.py and counter.py are
# being rewritten); they move into this module then. Import them from here.
from .count_cache import CacheDamagedError, CacheError
from .counter import QueryRunInterrupted

__all__ = ["CacheDamagedError", "CacheError", "QueryRunInterrupted"]
