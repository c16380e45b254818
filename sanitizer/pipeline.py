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
from ic_sanitizer.corpus_stats import CountBackend, open_backend

from .entities import entity_kinds, group_entities, mask_whole_entities, with_surnames
from .blocks import split_into_blocks
from .errors import ConfigurationError, WorkerError
from .extraction import Extractor, open_extractor
from .extraction.candidates import find_candidate_spans, group_into_terms, merge_overlapping
from .parent_watch import die_with_parent
from .policy import Policy, load_policy
from .redaction import RedactionMode, Removal, Replacement, apply_replacements, find_occurrences, plan_replacements
from .scoring import ZeroCountPolicy, information_content
from .stages import (Decision, S2Outcome, ScoredTerm, relationship_graph, s2_pairs_to_ask, s2_unavailable_reason,
                     score_s1, score_s2)
from .terms import KIND_FAMILIES, CandidateSpan, CandidateTerm, Span, TermKind
from .thresholds import Corpus, Thresholds, resolve, validate_numbers

#: progress(phase, done, total)
Progress = Callable[[str, int, int], None]

DEFAULT_BACKEND = "wordfreq"
DEFAULT_W = 0.6
DEFAULT_POLICY = "default"
#: S2's back-end when S1's has no conjunction counts ("auto")
DEFAULT_S2_BACKEND = "starter"
DEFAULT_ZERO_COUNT = ZeroCountPolicy.SENSITIVE
#: characters per unit of parallel work; blocks end between words (blocks.py)
BLOCK_CHARACTERS = 100_000


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
    chosen: set[TermKind] = set()
    for kind in kinds:
        value = kind.value if isinstance(kind, TermKind) else kind
        if value in KIND_FAMILIES:
            chosen |= KIND_FAMILIES[value]
        elif value in TermKind._value2member_map_:
            chosen.add(TermKind(value))
        else:
            raise ConfigurationError(f"`kinds`: unknown term kind; known kinds: {', '.join(k.value for k in TermKind)}; "
                                     f"families: {', '.join(KIND_FAMILIES)}")
    if not chosen:
        raise ConfigurationError("`kinds` names no kind")
    return frozenset(chosen)


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
    back-end. ``policy`` says what to do with each kind of term ("default", "paper",
    a policy file's path, or a ``Policy``; see ``policy``). Give ``beta`` (bits) or
    ``beta_term`` (beta = IC of that term in the same back-end) for the kinds whose β
    the policy leaves to the run; neither means the policy's β or DEFAULT_BETA.

    ``kinds`` limits the candidates further to some kinds of term; ``allow`` and
    ``deny`` add phrases never / always masked. ``mode`` defaults to the policy's.

    ``s2_backend`` gives S2's co-occurrence counts: "auto" (the default) is
    ``backend`` itself when it has conjunction counts, else the embedded starter
    index; "none" turns S2 off. When S2's corpus is not S1's, S2's beta is measured
    in S2's corpus: the IC of ``beta_term`` there, else ``beta_s2`` bits.
    """

    def __init__(self, backend: str | CountBackend = DEFAULT_BACKEND, *, policy: str | Policy = DEFAULT_POLICY,
                 beta: Optional[float] = None, beta_term: Optional[str] = None, w: float = DEFAULT_W,
                 s2_backend: str | CountBackend = "auto", beta_s2: Optional[float] = None,
                 mode: RedactionMode | str | None = None, extractor: str = "nltk",
                 zero_count: ZeroCountPolicy | str = DEFAULT_ZERO_COUNT,
                 kinds: Optional[Iterable[TermKind | str]] = None,
                 allow: Iterable[str] = (), deny: Iterable[str] = (),
                 cache_dir: Optional[os.PathLike | str] = None, use_cache: bool = True,
                 workers: Optional[int] = None, allow_web: bool = False, parallel: int = 1,
                 rate_limit: Optional[float] = None) -> None:
        validate_numbers(beta, beta_term, w, beta_s2)
        if parallel < 1 or (rate_limit is not None and not rate_limit > 0):
            raise ConfigurationError("`parallel` must be at least 1 and `rate_limit` positive")
        base = load_policy(policy) if isinstance(policy, str) else policy
        self.policy = base.with_lists(allow, deny).restricted_to(parse_kinds(kinds))
        self.mode = RedactionMode(mode if mode is not None else self.policy.mode)
        self.zero_count = ZeroCountPolicy(zero_count)
        self.extractor_name = extractor
        self._extractor = open_extractor(extractor)
        self.backend = open_backend(backend) if isinstance(backend, str) else backend
        self._cache = CountCache(cache_dir) if use_cache else None
        self.counter = CachedCounter(self.backend, self._cache)
        self.s2_turned_off = s2_backend == "none" or not self.policy.s2
        self.s2_counter = self._open_s2(s2_backend)
        for opened in (self.backend, self.s2_backend):
            if opened.sends_terms_off_machine and not allow_web:
                raise ConfigurationError(
                    f"back-end {opened.name!r} sends document terms off this machine; "
                    "pass `allow_web` to allow it")
            opened.limit_rate(rate_limit)
        self.parallel = parallel
        self.prefetch_report: Optional[dict] = None
        self.workers = max(1, workers if workers is not None else min(2, os.cpu_count() or 1))
        self.thresholds = self._thresholds(beta, beta_term, w, beta_s2)

    @property
    def kinds(self) -> frozenset[TermKind]:
        return self.policy.kinds

    def _open_s2(self, s2_backend: str | CountBackend) -> CachedCounter:
        if s2_backend in ("auto", "none"):
            # "none": S2 is off; its counter is S1's so that nothing else is opened.
            s2_backend = (self.backend if s2_backend == "none" or self.backend.supports_conjunction
                          else DEFAULT_S2_BACKEND)
        if s2_backend is self.backend:
            return self.counter
        opened = open_backend(s2_backend) if isinstance(s2_backend, str) else s2_backend
        return CachedCounter(opened, self._cache)

    @property
    def s2_backend(self) -> CountBackend:
        return self.s2_counter.backend

    def _corpus(self, counter: CachedCounter) -> Corpus:
        def bits(term: str) -> Optional[float]:
            count = counter.count(term)
            return information_content(count, counter.total(), ZeroCountPolicy.KEEP) if count > 0 else None

        return Corpus(counter.backend.name, counter.backend.fingerprint(), counter.total(), bits)

    def _thresholds(self, beta: Optional[float], beta_term: Optional[str], w: float,
                    beta_s2: Optional[float]) -> Thresholds:
        s2 = None if self.s2_counter is self.counter else self._corpus(self.s2_counter)
        return resolve(self.policy, self._corpus(self.counter), s2, beta=beta, beta_term=beta_term, w=w,
                       beta_s2=beta_s2)

    @property
    def s2_unavailable_reason(self) -> Optional[str]:
        if self.s2_turned_off:
            return "S2 is turned off (s2_backend 'none', or the policy)"
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
            self._prefetch(texts, terms_per_document, report)
        for index, (text, terms) in enumerate(zip(texts, terms_per_document)):
            yield self.decide_terms(text, terms)
            report("deciding", index + 1, len(texts))

    def _asks_in_parallel(self) -> bool:
        """Network back-ends are asked in parallel, all of a batch's queries at once."""
        return self.parallel > 1 and any(b.over_network for b in (self.backend, self.s2_backend))

    def _prefetch(self, texts: Sequence[str], terms_per_document: Sequence[Sequence[CandidateTerm]],
                  report: Progress) -> None:
        """Ask every query the batch needs, deduplicated across documents, ``parallel``
        at a time: S1's counts, then S2's counts and the conjunctions the IC bound
        leaves. Deciding then runs on answers in memory."""
        candidates = [self.candidate_terms(text, terms) for text, terms in zip(texts, terms_per_document)]
        self.counter.total()
        counts = self.counter.prefetch([("count", [t.key]) for terms in candidates for t in terms],
                                       self.parallel, lambda done, total: report("counting", done, total))
        scored = [score_s1(terms, self.counter, self.policy, self.thresholds, self.zero_count) for terms in candidates]
        self.prefetch_report = {"counts": counts, "conjunctions": None, "conjunctions_naive": 0}
        if self.s2_unavailable_reason is not None:
            return
        self.s2_counter.total()
        if self.s2_counter is not self.counter:
            self.s2_counter.prefetch([("count", [s.term.key]) for terms in scored for s in terms], self.parallel,
                                     lambda done, total: report("counting for S2", done, total))
        pairs = [pair for terms in scored
                 for pair in s2_pairs_to_ask(terms, self.s2_counter, self.thresholds.tau, self.policy.s2_kinds)]
        self.prefetch_report["conjunctions_naive"] = sum(
            sum(s.decision is Decision.SENSITIVE for s in terms) * sum(s.decision is Decision.KEPT for s in terms)
            for terms in scored)
        self.prefetch_report["conjunctions"] = self.s2_counter.prefetch(
            [("and", list(pair)) for pair in pairs], self.parallel,
            lambda done, total: report("co-occurrence", done, total))

    def reconfigured(self, *, beta: Optional[float] = None, beta_term: Optional[str] = None,
                     w: Optional[float] = None, beta_s2: Optional[float] = None,
                     zero_count: ZeroCountPolicy | str | None = None,
                     policy: Optional[Policy] = None) -> "Sanitizer":
        """A sanitizer with other thresholds (or policy) sharing this one's extractor,
        back-ends and counters, so a sweep over settings asks each query once."""
        w = self.thresholds.w if w is None else w
        validate_numbers(beta, beta_term, w, beta_s2)
        clone = copy.copy(self)
        if zero_count is not None:
            clone.zero_count = ZeroCountPolicy(zero_count)
        if policy is not None:
            clone.policy = policy.restricted_to(self.policy.kinds)
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
        """The candidate terms of ``text`` with their counts, IC and S1 decision."""
        terms = self.candidate_terms(text, group_into_terms(text, self.extract([text])[0]))
        return score_s1(terms, self.counter, self.policy, self.thresholds, self.zero_count)

    def candidate_terms(self, text: str, terms: Sequence[CandidateTerm]) -> list[CandidateTerm]:
        """The terms the policy considers, plus every denied phrase the text holds."""
        chosen = [t for t in terms if t.kind in self.policy.kinds or t.key in self.policy.deny]
        if self.policy.entities and TermKind.PERSON in self.policy.kinds:
            chosen = with_surnames(text, chosen)
        present = {t.key for t in chosen}
        for phrase in sorted(self.policy.deny - present):
            probe = CandidateTerm(key=phrase, text=phrase, kind=TermKind.NAME, mentions=())
            found = find_occurrences(text, probe)
            if found:
                start, end = found[0]
                chosen.append(CandidateTerm(key=phrase, text=text[start:end], kind=TermKind.NAME,
                                            mentions=tuple(Span(s, e) for s, e in found)))
        return chosen

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
        """The policy, S1, S2 (unless ``run_s2`` is false), entities and redaction of
        one text, given its candidate spans from extract()."""
        return self.decide_terms(text, group_into_terms(text, spans), run_s2)

    def decide_terms(self, text: str, terms: Sequence[CandidateTerm], run_s2: bool = True) -> SanitizationResult:
        """As decide(), given the candidate terms already grouped (a sweep groups once)."""
        before = self._query_stats()
        terms = self.candidate_terms(text, terms)
        scored = score_s1(terms, self.counter, self.policy, self.thresholds, self.zero_count)
        if not run_s2:
            s2 = S2Outcome(False, "S2 was not asked for", (), 0, 0, 0, 0)
        elif self.s2_turned_off:
            s2 = S2Outcome(False, self.s2_unavailable_reason, (), 0, 0, 0, 0)
        else:
            scored, s2 = score_s2(scored, self.s2_counter, self.thresholds.tau, self.policy.s2_kinds)
        entity_of = group_entities([s.term for s in scored]) if self.policy.entities else {}
        scored = mask_whole_entities(scored, entity_of)
        kind_of_entity = entity_kinds(scored, entity_of)
        removals = [Removal(s.term, s.entity or s.term.key, kind_of_entity[s.entity or s.term.key])
                    for s in scored if s.removed]
        replacements = plan_replacements(text, removals, self.mode)
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
