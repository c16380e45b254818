"""Persistent count cache shared by every corpus back-end."""

from .count_cache import (
    CACHE_DIR_ENV,
    CacheInfo,
    ClearOutcome,
    CountCache,
    clear_cache,
    default_cache_dir,
    inspect_cache,
    query_key,
)
from .counter import CachedCounter, PrefetchStats, QueryStats
from .errors import CacheDamagedError, CacheError, QueryRunInterrupted

__all__ = [
    "CACHE_DIR_ENV",
    "CacheDamagedError",
    "CacheError",
    "CacheInfo",
    "CachedCounter",
    "ClearOutcome",
    "PrefetchStats",
    "QueryRunInterrupted",
    "CountCache",
    "QueryStats",
    "clear_cache",
    "default_cache_dir",
    "inspect_cache",
    "query_key",
]
