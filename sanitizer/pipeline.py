"""The Python API: ``Sanitizer(...).sanitize(text)`` returns a frozen ``SanitizationResult``.

    >>> from ic_sanitizer import Sanitizer
    >>> result = Sanitizer(backend="table:examples/paper_example_counts.json",
    ...                    beta_term="acquired immunodeficiency syndrome", w=0.6,
    ...                    use_cache=False).sanitize(text)       # doctest: +SKIP
    >>> result.text, [t.term.text for t in result.removed]    # doctest: +SKIP

Extraction (the CPU-heavy part) runs in a pool of worker processes over
paragraph-aligned blocks, ahead of the calling process, which counts and runs the stages
of each document as soon as it is extracted,
through one cached counter per back-end (S1's, and S2's when it is another), so a
query is asked at most once per run. With a network back-end and ``parallel`` > 1, a
batch's queries are planned and asked all at once, deduplicated, before deciding.
"""

from __future__ import annotations

import copy
import os
from typing import Callable, Iterable, Iterator, Optional, Sequence


from ic_sanitizer.cache import CachedCounter, CountCache, QueryStats
from ic_sanitizer.corpus_stats import CountBackend, open_backend

from .entities import entity_kinds, group_entities, mask_whole_entities, with_surnames
from .errors import ConfigurationError
from .extraction_pool import ExtractionPool
from .extraction import open_extractor
from .extraction.candidates import group_into_terms
from .policy import Policy, load_policy
from .redaction import RedactionMode, Removal, apply_replacements, find_occurrences, plan_replacements
from .scoring import ZeroCountPolicy, information_content
from .k_anonymity import S3Outcome, score_s3
from .result import SanitizationResult
from .stages import (Decision, S2Outcome, S2Settings, ScoredTerm, s2_pairs_to_ask,
                     s2_unavailable_reason, score_s1, score_s2)
from .terms import CandidateSpan, CandidateTerm, Span, TermKind, parse_kinds
from .thresholds import Corpus, Thresholds, resolve, validate_numbers

#: progress(phase, done, total)
Progress = Callable[[str, int, int], None]

DEFAULT_BACKEND = "wordfreq"
DEFAULT_W = 0.6
DEFAULT_POLICY = "default"
#: S2's back-end when S1's has no conjunction counts ("auto")
DEFAULT_S2_BACKEND = "starter"
DEFAULT_ZERO_COUNT = ZeroCountPolicy.SENSITIVE


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

    ``relatedness`` ("pmi", "npmi", "pmi-lower-bound") overrides the policy's S2
    measure; ``s3_k`` turns S3 on with that k; ``protect`` names persons S2 relates
    clear terms to in every document (S2 then runs even where the policy turns it
    off, against those names only); per document, give ``protect`` to sanitize_many.
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
                 rate_limit: Optional[float] = None, relatedness: Optional[str] = None,
                 s3_k: Optional[int] = None, protect: Iterable[str] = ()) -> None:
        validate_numbers(beta, beta_term, w, beta_s2)
        if parallel < 1 or (rate_limit is not None and not rate_limit > 0):
            raise ConfigurationError("`parallel` must be at least 1 and `rate_limit` positive")
        base = load_policy(policy) if isinstance(policy, str) else policy
        self.policy = base.with_lists(allow, deny).restricted_to(parse_kinds(kinds)).with_stages(relatedness, s3_k)
        self.protect = tuple(name for name in protect if name.strip())
        self.mode = RedactionMode(mode if mode is not None else self.policy.mode)
        self.zero_count = ZeroCountPolicy(zero_count)
        self.extractor_name = extractor
        extractor_in_this_process = open_extractor(extractor)
        self.backend = open_backend(backend) if isinstance(backend, str) else backend
        self._cache = CountCache(cache_dir) if use_cache else None
        self.counter = CachedCounter(self.backend, self._cache)
        self.s2_backend_off = s2_backend == "none"
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
        self._extraction = ExtractionPool(extractor_in_this_process, extractor, self.workers)
        self.thresholds = self._thresholds(beta, beta_term, w, beta_s2)

    @property
    def kinds(self) -> frozenset[TermKind]:
        return self.policy.kinds

    @property
    def s2_turned_off(self) -> bool:
        return self.s2_backend_off or not (self.policy.s2 or self.protect)

    def s2_settings(self) -> S2Settings:
        return S2Settings(self.thresholds.tau, self.policy.relatedness, self.policy.min_cooccurrence,
                          self.policy.s2_kinds)

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

    def sanitize_many(self, texts: Sequence[str], progress: Optional[Progress] = None,
                      protect: Optional[Sequence[Sequence[str]]] = None) -> Iterator[SanitizationResult]:
        """Results in input order, each as soon as it is decided (extraction runs ahead in
        the workers); ``progress(phase, done, total)`` is called as blocks are extracted and documents decided.
        ``protect``: per document, names S2 protects besides the sanitizer's own."""
        protected = list(protect) if protect is not None else [() for _ in texts]
        report = progress or (lambda phase, done, total: None)
        extracted = self._extraction.spans(texts, report)
        # Each document is decided as soon as it is extracted, while the workers extract
        # the next ones; but a network back-end is asked all of a batch's queries at once,
        # so then every document is extracted first.
        terms_per_document: Iterable[list[CandidateTerm]] = (
            group_into_terms(text, spans) for text, spans in zip(texts, extracted))
        if self._asks_in_parallel():
            terms_per_document = list(terms_per_document)
            self._prefetch(texts, terms_per_document, report, protected)
        for index, (text, terms) in enumerate(zip(texts, terms_per_document)):
            yield self.decide_terms(text, terms, protect=protected[index])
            report("deciding", index + 1, len(texts))

    def _asks_in_parallel(self) -> bool:
        """Network back-ends are asked in parallel, all of a batch's queries at once."""
        return self.parallel > 1 and any(b.over_network for b in (self.backend, self.s2_backend))

    def _prefetch(self, texts: Sequence[str], terms_per_document: Sequence[Sequence[CandidateTerm]],
                  report: Progress, protected: Sequence[Sequence[str]]) -> None:
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
        pairs = [pair for terms, names in zip(scored, protected)
                 for pair in s2_pairs_to_ask(terms, self.s2_counter, self.s2_settings(),
                                             protected=(*self.protect, *names), sensitive_sources=self.policy.s2)]
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
        """Candidate spans of each text (the slow, parallel part: extraction_pool)."""
        return list(self._extraction.spans(texts, report))

    def decide(self, text: str, spans: list[CandidateSpan], run_s2: bool = True) -> SanitizationResult:
        """The policy, S1, S2 (unless ``run_s2`` is false), entities and redaction of
        one text, given its candidate spans from extract()."""
        return self.decide_terms(text, group_into_terms(text, spans), run_s2)

    def decide_terms(self, text: str, terms: Sequence[CandidateTerm], run_s2: bool = True,
                     protect: Sequence[str] = (), run_s3: bool = True) -> SanitizationResult:
        """As decide(), given the candidate terms already grouped (a sweep groups once);
        ``protect``: names S2 protects in this document besides the sanitizer's own."""
        before = self._query_stats()
        protected = tuple(dict.fromkeys((*self.protect, *(n for n in protect if n.strip()))))
        terms = self.candidate_terms(text, terms)
        scored = score_s1(terms, self.counter, self.policy, self.thresholds, self.zero_count)
        if not run_s2:
            s2 = S2Outcome(False, "S2 was not asked for", (), 0, 0, 0, 0)
        elif self.s2_backend_off or not (self.policy.s2 or protected):
            s2 = S2Outcome(False, "S2 is turned off (s2_backend 'none', or the policy)", (), 0, 0, 0, 0)
        else:
            scored, s2 = score_s2(scored, self.s2_counter, self.s2_settings(), protected=protected,
                                  sensitive_sources=self.policy.s2)
        entity_of = group_entities([s.term for s in scored]) if self.policy.entities else {}
        scored = mask_whole_entities(scored, entity_of)
        s3 = S3Outcome(False, "S3 is turned off (the policy)")
        if run_s3 and self.policy.s3:
            scored, s3 = score_s3(scored, self.s2_counter, self.policy.s3_k, self.policy.s3_kinds)
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
            s3=s3,
            protected=protected,
        )

    def _query_stats(self) -> QueryStats:
        if self.s2_counter is self.counter:
            return self.counter.stats()
        return self.counter.stats() + self.s2_counter.stats()

    def close(self) -> None:
        self._extraction.close()
        if self._cache is not None:
            self._cache.close()

    def __enter__(self) -> "Sanitizer":
        return self

    def __exit__(self, *exc_info) -> None:
        self.close()
