"""What a run has open: back-ends, their cached counters, the count cache, the extractor
and its pool of worker processes.

Opening is the slow and stateful part of a run (an index, a service, a cache on disk,
a tagger's model), and what a counter has asked it remembers. So it is opened once, from
the settings that name it, and any settings that differ only in what is decided (β, w,
the policy, the zero-count rule) run on the same ``Resources``: a sweep asks each query
once and never copies a live engine (tuning.py).
"""

from __future__ import annotations

import os
from pathlib import Path

from ic_sanitizer.cache import CachedCounter, CacheError, CountCache, QueryStats
from ic_sanitizer.cache.counter import WRITE_BATCH
from ic_sanitizer.corpus_stats import CorpusStatsError, CountBackend, open_backend

from .errors import ConfigurationError, SanitizerError, about
from .extraction import Extractor, open_extractor
from .extraction_pool import ExtractionPool
from .language import engine_language
from .reference import open_reference
from .settings import OPENED_BY, Settings

#: S2's back-end when S1's has no conjunction counts ("auto")
DEFAULT_S2_BACKEND = "starter"


class Resources:
    """The back-ends, counters, cache and extractor that ``settings`` name, opened.

    S1 and S2 share one counter when they share a back-end (then S2's corpus is S1's).
    A back-end that sends terms off the machine is refused unless ``allow_web``.
    """

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        #: the language this engine's pipeline reads (language.engine_language)
        self.language = engine_language(settings.language)
        try:
            self.extractor: Extractor = open_extractor(settings.extractor, self.language)
        except SanitizerError as exc:
            raise about("extractor", exc) from None
        self.workers = max(1, settings.workers if settings.workers is not None else min(2, os.cpu_count() or 1))
        #: its workers start with the first batch that needs them and live until close()
        self.extraction = ExtractionPool(self.extractor, settings.extractor, self.workers, self.language)
        self.backend = _opened(_in_language(settings.backend, self.language), "backend")
        # Settings keeps cache_dir as a Path, typed as the paths it accepts
        cache_dir = None if settings.cache_dir is None else Path(settings.cache_dir)
        try:
            self.cache = CountCache(cache_dir) if settings.use_cache else None
        except CacheError as exc:
            raise about("cache_dir", exc) from None
        try:
            # the user's public documents of the genre, counted once (reference.py)
            self.reference = open_reference(None if settings.reference is None else Path(settings.reference))
            self.counter = CachedCounter(self.backend, self.cache, write_batch=WRITE_BATCH)
            self.s2_off = settings.s2_backend == "none"
            self.s2_counter = self._open_s2(settings.s2_backend)
            for opened in (self.backend, self.s2_backend):
                if opened.sends_terms_off_machine and not settings.allow_web:
                    raise ConfigurationError(
                        f"back-end {opened.name!r} sends document terms off this machine; pass `allow_web` to allow it"
                    )
                opened.limit_rate(settings.rate_limit)
        except BaseException:
            self.close()  # nothing else will: the caller never receives these resources
            raise

    def _open_s2(self, s2_backend: str | CountBackend) -> CachedCounter:
        if s2_backend in ("auto", "none"):
            # "none": S2 is off; its counter is S1's so that nothing else is opened.
            s2_backend = (
                self.backend if s2_backend == "none" or self.backend.supports_conjunction else DEFAULT_S2_BACKEND
            )
        if s2_backend is self.backend:
            return self.counter
        return CachedCounter(_opened(s2_backend, "s2_backend"), self.cache, write_batch=WRITE_BATCH)

    @property
    def s2_backend(self) -> CountBackend:
        return self.s2_counter.backend

    @property
    def s2_has_own_corpus(self) -> bool:
        return self.s2_counter is not self.counter

    def serving(self, settings: Settings) -> "Resources":
        """These resources, for ``settings`` that open the same things; refused otherwise."""
        differ = [name for name in OPENED_BY if getattr(settings, name) != getattr(self.settings, name)]
        if differ:
            raise ConfigurationError(
                f"these open resources serve another {', '.join(f'`{name}`' for name in differ)}; "
                "open a new Sanitizer(settings) instead of sharing them"
            )
        return self

    def query_stats(self) -> QueryStats:
        if self.s2_counter is self.counter:
            return self.counter.stats()
        return self.counter.stats() + self.s2_counter.stats()

    def flush_counts(self) -> None:
        """Write the counters' answers not yet in the disk cache."""
        # close() also runs when opening failed half-way, before the counters exist.
        counters = [getattr(self, name, None) for name in ("counter", "s2_counter")]
        for counter in dict.fromkeys(c for c in counters if c is not None):
            counter.flush()

    def close(self) -> None:
        self.extraction.close()
        try:
            self.flush_counts()
        finally:
            if self.cache is not None:
                self.cache.close()


def _in_language(spec: str | CountBackend, language: str) -> str | CountBackend:
    """The embedded back-end counts words of the texts' language: "wordfreq" reads
    wordfreq's Spanish list for Spanish texts. Any other back-end is the user's corpus, as given."""
    return f"wordfreq:{language}" if spec == "wordfreq" and language != "en" else spec


def _opened(spec: str | CountBackend, parameter: str) -> CountBackend:
    """A back-end opened from its spec (an open one as it is); an error names the parameter."""
    if not isinstance(spec, str):
        return spec
    try:
        return open_backend(spec)
    except CorpusStatsError as exc:
        raise about(parameter, exc) from None
