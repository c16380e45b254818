"""Persistent count cache shared by every corpus back-end."""

from .count_cache import CACHE_DIR_ENV, CacheError, CacheInfo, CountCache, default_cache_dir, query_key
from .counter import CachedCounter, QueryStats

__all__ = [
    "CACHE_DIR_ENV",
    "CacheError",
    "CacheInfo",
    "CachedCounter",
    "CountCache",
    "QueryStats",
    "default_cache_dir",
    "query_key",
]
