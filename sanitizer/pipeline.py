"""The Python API: ``Sanitizer(...).sanitize(text)`` returns a frozen ``SanitizationResult``.

    >>> from ic_sanitizer import Sanitizer
    >>> result = Sanitizer(backend="table:examples/paper_example_counts.json",
    ...                    beta_term="acquired immunodeficiency syndrome", w=0.6,
    ...                    use_cache=False).sanitize(text)       # doctest: +SKIP
    >>> result.text, [t.term.text for t in result.removed]    # doctest: +SKIP

Extraction (the CPU-heavy part) runs in a pool of worker processes over
paragraph-aligned blocks; counting and the two stages run in the calling process,
through one cached counter per back-end (S1's, and S2's when it is another), so a
query is asked at most once per run. With a network back-end and ``parallel`` > 1, a
batch's queries are planned and asked all at once, deduplicated, before deciding.
"""

from __future__ import annotations

import copy
import functools
import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from typing import Callable, Iterable, Iterator, Optional, Sequence

import networkx as nx

from ic_sanitizer.cache import CachedCounter, CountCache, QueryStats
from ic_sanitizer.corpus_stats import CountBackend, normalize_phrase, open_backend

from .blocks import split_into_blocks
from .errors import ConfigurationError, WorkerError
from .extraction import Extractor, open_extractor
from .extraction.candidates import find_candidate_spans, group_into_terms, merge_overlapping
from .parent_watch import die_with_parent
from .redaction import RedactionMode, Replacement, apply_replacements, plan_replacements
from .scoring import ZeroCountPolicy, information_content, tau as tau_of
from .stages import (Decision, S2Outcome, ScoredTerm, relationship_graph, s2_pairs_to_ask, s2_unavailable_reason,
                     score_s1, score_s2)
from .terms import CandidateSpan, CandidateTerm, TermKind

#: progress(phase, done, total)
Progress = Callable[[str, int, int], None]

DEFAULT_BACKEND = "wordfreq"
DEFAULT_BETA = 14.5  # bits, wordfreq scale: best token F1 on TAB's tuning half (README, "The embedded default")
DEFAULT_W = 0.6
#: S2's back-end when S1's has no conjunction counts ("auto")
DEFAULT_S2_BACKEND = "starter"
# Bits in the starter index: τ = 6 bits at w = 0.6. Set by hand, then measured on TAB's
# tuning half (+1.6 points of recall for 2.3 of precision; README, "The embedded default").
DEFAULT_BETA_S2 = 10.0
DEFAULT_ZERO_COUNT = ZeroCountPolicy.SENSITIVE
#: characters per unit of parallel work; blocks end between words (blocks.py)
BLOCK_CHARACTERS = 100_000


@dataclass(frozen=True)
class Thresholds:
    #: S1's threshold, in S1's corpus (bits)
    beta: float
    #: "number" when given in bits, "term" when it is the IC of --beta-term
    beta_source: str
    w: float
    #: S2's threshold: w * beta_s2
    tau: float
    #: beta in S2's corpus: beta itself when S1 and S2 share a back-end, else the
    #: IC of --beta-term there, or --beta-s2, or DEFAULT_BETA_S2 for the starter index
    beta_s2: float = 0.0


@dataclass(frozen=True)
class SanitizationResult:
    text: str
    terms: tuple[ScoredTerm, ...]
    thresholds: Thresholds
    s2: S2Outcome
    replacements: tuple[Replacement, ...]
    queries: QueryStats
    mode: RedactionMode

    @functools.cached_property
    def graph(self) -> nx.Graph:
        """The term-relationship graph (frozen): built on first use, as sweeps never look."""
        return relationship_graph(self.terms, self.s2.pairs)

    @property
    def removed(self) -> tuple[ScoredTerm, ...]:
        return tuple(t for t in self.terms if t.removed)

    @property
    def sensitive(self) -> tuple[ScoredTerm, ...]:
        return tuple(t for t in self.terms if t.decision is Decision.SENSITIVE)

    @property
    def related(self) -> tuple[ScoredTerm, ...]:
        return tuple(t for t in self.terms if t.decision is Decision.RELATED)

    @property
    def kept(self) -> tuple[ScoredTerm, ...]:
        return tuple(t for t in self.terms if t.decision is Decision.KEPT)


def parse_kinds(kinds: Optional[Iterable[TermKind | str]]) -> frozenset[TermKind]:
    if kinds is None:
        return frozenset(TermKind)
    try:
        chosen = frozenset(TermKind(k) for k in kinds)
    except ValueError:
        raise ConfigurationError(f"unknown term kind; known kinds: {', '.join(k.value for k in TermKind)}") from None
    if not chosen:
        raise ConfigurationError("--kinds names no kind")
    return chosen


def _validate(beta: Optional[float], beta_term: Optional[str], w: float, beta_s2: Optional[float] = None) -> None:
    if beta is not None and beta_term is not None:
        raise ConfigurationError("give either --beta or --beta-term, not both")
    if beta is not None and not beta > 0:
        raise ConfigurationError("--beta must be a positive number of bits")
    if beta_s2 is not None and beta_term is not None:
        raise ConfigurationError("give either --beta-s2 or --beta-term, not both")
    if beta_s2 is not None and not beta_s2 > 0:
        raise ConfigurationError("--beta-s2 must be a positive number of bits")
    if beta_term is not None and not normalize_phrase(beta_term):
        raise ConfigurationError("--beta-term is empty")
    if not 0.0 <= w <= 1.0:
        raise ConfigurationError("--w must lie in [0, 1]")


_worker_extractor = None


def _init_worker(extractor_name: str, parent_pid: int) -> None:
    global _worker_extractor
    die_with_parent(parent_pid)
    _worker_extractor = open_extractor(extractor_name)


def _block_spans(extractor: Extractor, job: tuple[str, int]) -> list[CandidateSpan]:
    """Candidate spans of one block, with offsets into the whole document."""
    block, offset = job
    spans = find_candidate_spans(block, extractor.analyze(block))
    return [CandidateSpan(s.start + offset, s.end + offset, s.kind) for s in spans]


def _worker_block_spans(job: tuple[str, int]) -> list[CandidateSpan]:
    return _block_spans(_worker_extractor, job)


class Sanitizer:
    """Sanitizes documents with fixed settings; reusable across documents.

    ``backend`` is a spec such as "wordfreq" or "table:counts.json", or an open
    back-end. Give ``beta`` (bits) or ``beta_term`` (beta = IC of that term in the
    same back-end); neither means DEFAULT_BETA.

    ``kinds`` limits the candidates to some kinds of term (all by default, as in the
    paper); e.g. names, dates, codes and numbers only, for identifiers in court data.

    ``s2_backend`` gives S2's co-occurrence counts: "auto" (the default) is
    ``backend`` itself when it has conjunction counts, else the embedded starter
    index; "none" turns S2 off. When S2's corpus is not S1's, S2's beta is measured
    in S2's corpus: the IC of ``beta_term`` there, else ``beta_s2`` bits.
    """

    def __init__(self, backend: str | CountBackend = DEFAULT_BACKEND, *, beta: Optional[float] = None,
                 beta_term: Optional[str] = None, w: float = DEFAULT_W,
                 s2_backend: str | CountBackend = "auto", beta_s2: Optional[float] = None,
                 mode: RedactionMode | str = RedactionMode.SUPPRESS, extractor: str = "nltk",
                 zero_count: ZeroCountPolicy | str = DEFAULT_ZERO_COUNT,
                 kinds: Optional[Iterable[TermKind | str]] = None,
                 cache_dir: Optional[os.PathLike | str] = None, use_cache: bool = True,
                 workers: Optional[int] = None, allow_web: bool = False, parallel: int = 1,
                 rate_limit: Optional[float] = None) -> None:
        _validate(beta, beta_term, w, beta_s2)
        self.mode = RedactionMode(mode)
        self.zero_count = ZeroCountPolicy(zero_count)
        self.kinds = parse_kinds(kinds)
        self.extractor_name = extractor
        self._extractor = open_extractor(extractor)
        self.backend = open_backend(backend) if isinstance(backend, str) else backend
        self._cache = CountCache(cache_dir) if use_cache else None
        self.counter = CachedCounter(self.backend, self._cache)
        self.s2_counter = self._open_s2(s2_backend)
        for backend in (self.backend, self.s2_backend):
            if backend.sends_terms_off_machine and not allow_web:
                raise ConfigurationError(
                    f"back-end {backend.name!r} sends document terms off this machine; "
                    "pass --allow-web (allow_web=True) to allow it")
            if hasattr(backend, "limit_rate"):
                backend.limit_rate(rate_limit)
        if parallel < 1 or (rate_limit is not None and rate_limit <= 0):
            raise ConfigurationError("--parallel must be at least 1 and --rate positive")
        self.parallel = parallel
        self.prefetch_report: Optional[dict] = None
        self.workers = max(1, workers if workers is not None else min(2, os.cpu_count() or 1))
        self.thresholds = self._thresholds(beta, beta_term, w, beta_s2)

    def _open_s2(self, s2_backend: str | CountBackend) -> CachedCounter:
        if s2_backend == "auto":
            s2_backend = self.backend if self.backend.supports_conjunction else DEFAULT_S2_BACKEND
        elif s2_backend == "none":
            return self.counter  # S1's back-end: S2 runs only if it has conjunction counts
        if s2_backend is self.backend:
            return self.counter
        backend = open_backend(s2_backend) if isinstance(s2_backend, str) else s2_backend
        return CachedCounter(backend, self._cache)

    @property
    def s2_backend(self) -> CountBackend:
        return self.s2_counter.backend

    def _beta_of_term(self, counter: CachedCounter, beta_term: str) -> float:
        count = counter.count(beta_term)
        if count <= 0:
            raise ConfigurationError(f"the --beta-term has no count in back-end {counter.backend.name!r}; "
                                     "give --beta (and --beta-s2) in bits or another term")
        return information_content(count, counter.total(), self.zero_count)

    def _thresholds(self, beta: Optional[float], beta_term: Optional[str], w: float,
                    beta_s2: Optional[float]) -> Thresholds:
        if beta_term is not None:
            beta, source = self._beta_of_term(self.counter, beta_term), "term"
        else:
            beta, source = (beta if beta is not None else DEFAULT_BETA), "number"
        if self.s2_counter is self.counter:
            if beta_s2 is not None:
                raise ConfigurationError("--beta-s2 applies only when S2 counts in another back-end than S1")
            beta_s2 = beta
        elif beta_term is not None:
            beta_s2 = self._beta_of_term(self.s2_counter, beta_term)
        elif beta_s2 is None:
            beta_s2 = DEFAULT_BETA_S2
        return Thresholds(beta=beta, beta_source=source, w=w, tau=tau_of(beta_s2, w), beta_s2=beta_s2)

    @property
    def s2_unavailable_reason(self) -> Optional[str]:
        return s2_unavailable_reason(self.s2_backend)

    def sanitize(self, text: str) -> SanitizationResult:
        return next(iter(self.sanitize_many([text])))

    def sanitize_many(self, texts: Sequence[str], progress: Optional[Progress] = None) -> Iterator[SanitizationResult]:
        """Results in input order. Extraction of all documents runs in parallel first;
        ``progress(phase, done, total)`` is called as blocks are extracted and documents decided."""
        report = progress or (lambda phase, done, total: None)
        spans_per_document = self.extract(texts, report)
        terms_per_document = [group_into_terms(text, spans) for text, spans in zip(texts, spans_per_document)]
        if self._asks_in_parallel():
            self._prefetch(terms_per_document, report)
        for index, (text, terms) in enumerate(zip(texts, terms_per_document)):
            yield self.decide_terms(text, terms)
            report("deciding", index + 1, len(texts))

    def _asks_in_parallel(self) -> bool:
        """Network back-ends are asked in parallel, all of a batch's queries at once."""
        return self.parallel > 1 and any(hasattr(b, "limit_rate") for b in (self.backend, self.s2_backend))

    def _prefetch(self, terms_per_document: Sequence[Sequence[CandidateTerm]], report: Progress) -> None:
        """Ask every query the batch needs, deduplicated across documents, ``parallel``
        at a time: S1's counts, then S2's counts and the conjunctions the IC bound
        leaves. Deciding then runs on answers in memory."""
        candidates = [[t for t in terms if t.kind in self.kinds] for terms in terms_per_document]
        self.counter.total()
        counts = self.counter.prefetch([("count", [t.key]) for terms in candidates for t in terms],
                                       self.parallel, lambda done, total: report("counting", done, total))
        scored = [score_s1(terms, self.counter, self.thresholds.beta, self.zero_count) for terms in candidates]
        self.prefetch_report = {"counts": counts, "conjunctions": None, "conjunctions_naive": 0}
        if s2_unavailable_reason(self.s2_backend) is not None:
            return
        self.s2_counter.total()
        if self.s2_counter is not self.counter:
            self.s2_counter.prefetch([("count", [s.term.key]) for terms in scored for s in terms], self.parallel,
                                     lambda done, total: report("counting for S2", done, total))
        pairs = [pair for terms in scored for pair in s2_pairs_to_ask(terms, self.s2_counter, self.thresholds.tau)]
        self.prefetch_report["conjunctions_naive"] = sum(
            sum(s.decision is Decision.SENSITIVE for s in terms) * sum(s.decision is Decision.KEPT for s in terms)
            for terms in scored)
        self.prefetch_report["conjunctions"] = self.s2_counter.prefetch(
            [("and", list(pair)) for pair in pairs], self.parallel,
            lambda done, total: report("co-occurrence", done, total))

    def reconfigured(self, *, beta: Optional[float] = None, beta_term: Optional[str] = None,
                     w: Optional[float] = None, beta_s2: Optional[float] = None,
                     zero_count: ZeroCountPolicy | str | None = None) -> "Sanitizer":
        """A sanitizer with other thresholds sharing this one's extractor, back-ends and
        counters, so a sweep over settings asks each query once."""
        w = self.thresholds.w if w is None else w
        _validate(beta, beta_term, w, beta_s2)
        clone = copy.copy(self)
        if zero_count is not None:
            clone.zero_count = ZeroCountPolicy(zero_count)
        if beta is None and beta_term is None:
            beta = self.thresholds.beta
            if beta_s2 is None and self.s2_counter is not self.counter:
                beta_s2 = self.thresholds.beta_s2
        clone.thresholds = clone._thresholds(beta, beta_term, w, beta_s2)
        return clone

    def information_content_of(self, term: str) -> tuple[Optional[float], Optional[float]]:
        """IC of ``term`` in S1's and in S2's corpus (an unseen term as the zero-count policy says)."""
        return tuple(information_content(counter.count(term), counter.total(), self.zero_count)
                     for counter in (self.counter, self.s2_counter))

    @property
    def s2_has_own_corpus(self) -> bool:
        return self.s2_counter is not self.counter

    def candidates(self, text: str) -> list[ScoredTerm]:
        """The candidate terms of ``text`` with their counts and IC (stage S1 only)."""
        terms = group_into_terms(text, self.extract([text])[0])
        return score_s1(terms, self.counter, self.thresholds.beta, self.zero_count)

    def extract(self, texts: Sequence[str], report: Progress = lambda *_: None) -> list[list[CandidateSpan]]:
        """Candidate spans of each text (the slow, parallel part)."""
        jobs, owners = [], []
        for index, text in enumerate(texts):
            for start, end in split_into_blocks(text, BLOCK_CHARACTERS):
                jobs.append((text[start:end], start))
                owners.append(index)
        results = []
        if self.workers == 1 or len(jobs) == 1:
            for job in jobs:
                results.append(_block_spans(self._extractor, job))
                report("extracting", len(results), len(jobs))
        else:
            context = multiprocessing.get_context("spawn")  # no fork of a threaded parent
            try:
                with ProcessPoolExecutor(self.workers, mp_context=context, initializer=_init_worker,
                                         initargs=(self.extractor_name, os.getpid())) as pool:
                    for spans in pool.map(_worker_block_spans, jobs, chunksize=2):
                        results.append(spans)
                        report("extracting", len(results), len(jobs))
            except BrokenProcessPool:
                raise WorkerError("an extraction worker process died (killed, or out of memory) before any "
                                  "document was decided; run again, or lower --workers") from None
        per_document: list[list[CandidateSpan]] = [[] for _ in texts]
        for owner, spans in zip(owners, results):
            per_document[owner].extend(spans)
        return [merge_overlapping(spans) for spans in per_document]

    def decide(self, text: str, spans: list[CandidateSpan], run_s2: bool = True) -> SanitizationResult:
        """S1, S2 (unless ``run_s2`` is false) and redaction of one text, given its
        candidate spans from extract()."""
        return self.decide_terms(text, group_into_terms(text, spans), run_s2)

    def decide_terms(self, text: str, terms: Sequence[CandidateTerm], run_s2: bool = True) -> SanitizationResult:
        """As decide(), given the candidate terms already grouped (a sweep groups once)."""
        before = self._query_stats()
        terms = [t for t in terms if t.kind in self.kinds]
        scored = score_s1(terms, self.counter, self.thresholds.beta, self.zero_count)
        if run_s2:
            scored, s2 = score_s2(scored, self.s2_counter, self.thresholds.tau)
        else:
            s2 = S2Outcome(False, "S2 was not asked for", (), 0, 0, 0, 0)
        removed = [s.term for s in scored if s.removed]
        replacements = plan_replacements(text, removed, self.mode)
        return SanitizationResult(
            text=apply_replacements(text, replacements),
            terms=tuple(scored),
            thresholds=self.thresholds,
            s2=s2,
            replacements=tuple(replacements),
            queries=self._query_stats() - before,
            mode=self.mode,
        )

    def _query_stats(self) -> QueryStats:
        if self.s2_counter is self.counter:
            return self.counter.stats()
        return self.counter.stats() + self.s2_counter.stats()

    def close(self) -> None:
        if self._cache is not None:
            self._cache.close()

    def __enter__(self) -> "Sanitizer":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()
