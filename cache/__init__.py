"""Persistent count cache shared by every corpus back-end."""

from .count_cache import CACHE_DIR_ENV, CacheInfo, CountCache, default_cache_dir, query_key
from .counter import CachedCounter, PrefetchStats, QueryStats
from .errors import CacheError, QueryRunInterrupted

__all__ = [
    "CACHE_DIR_ENV",
    "CacheError",
    "CacheInfo",
    "CachedCounter",
    "PrefetchStats",
    "QueryRunInterrupted",
    "CountCache",
    "QueryStats",
    "default_cache_dir",
    "query_key",
]
