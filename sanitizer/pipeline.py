"""The Python API: ``Sanitizer(settings).sanitize(text)`` returns a frozen ``SanitizationResult``.

    >>> from ic_sanitizer import Sanitizer, Settings
    >>> asked = Settings("table:examples/paper_example_counts.json", w=0.6,
    ...                  beta_term="acquired immunodeficiency syndrome", use_cache=False)
    >>> result = Sanitizer(asked).sanitize(text)                  # doctest: +SKIP
    >>> result.text, [t.term.text for t in result.removed]    # doctest: +SKIP

``Sanitizer("wordfreq", beta=14.5, ...)`` is shorthand for ``Sanitizer(Settings("wordfreq",
beta=14.5, ...))``. What the settings name is opened once (resources.py); an engine for
other settings that open the same things runs on those resources:
``Sanitizer(replace(asked, w=0.4), resources=sanitizer.resources)`` (how tune sweeps).

Extraction (the CPU-heavy part) runs in a pool of worker processes over paragraph-aligned
blocks, ahead of the calling process, which counts and runs the stages of each document as
soon as it is extracted, through one cached counter per back-end (S1's, and S2's when it
is another), so a query is asked at most once per run. With a network back-end and ``parallel`` > 1, a
batch's queries are planned and asked all at once, deduplicated, before deciding.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Hashable, Iterable, Iterator, Literal, Optional, Sequence, overload

from ic_sanitizer.cache import CachedCounter
from ic_sanitizer.corpus_stats import CountBackend, normalize_phrase

from .analysis import Analysis, analyze_terms
from .anonymizer import Anonymizer
from .api_inputs import checked_protect, checked_text, checked_texts
from .collection import Collection, run_collection
from .considered import considered_terms
from .errors import DocumentRefused, InputError
from .external import external_spans
from .extraction.candidates import group_into_terms
from .extraction.special_categories import forget_terms
from .genres import PoliciesByGenre
from .language import SUPPORTED, engine_language
from .language_routing import LanguageEngines, languages_of, refuse_mixed, refused_first
from .learned.model import decide_learned
from .policy import DEFAULT_BETA, Policy, policy_of
from .prefetch import prefetch
from .recognizers.national.countries import in_countries
from .redaction import Mode, forget_texts
from .reference import keep_common_in_reference
from .resources import Resources
from .result import SanitizationResult
from .scoring import ZeroCountPolicy, information_content
from .settings import Settings
from .stages import Reason, S2Settings, ScoredTerm, s2_unavailable_reason, score_s1
from .terms import CandidateSpan, CandidateTerm, merge_overlapping
from .thresholds import Thresholds, thresholds_of

#: progress(phase, done, total)
Progress = Callable[[str, int, int], None]
log = logging.getLogger(__name__)


class Sanitizer:
    """Sanitizes documents under one ``Settings``; reusable across documents.

    ``Sanitizer(settings)`` opens what the settings name and closes it on ``close()``.
    ``Sanitizer(backend, **options)`` (or keywords alone) builds the Settings first.
    With ``resources`` (another sanitizer's, ``sanitizer.resources``) nothing is opened:
    the settings must name what those resources hold, and their owner closes them.
    Per document, names to protect are given to ``sanitize_many``.
    """

    def __init__(
        self,
        settings: Settings | str | CountBackend | None = None,
        *,
        resources: Optional[Resources] = None,
        **options: Any,
    ) -> None:
        if not isinstance(settings, Settings):
            settings = Settings(**options) if settings is None else Settings(settings, **options)
        elif options:
            raise TypeError("give Sanitizer a Settings or keyword options, not both")
        self.settings = settings
        self.policy = policy_of(settings)
        # The user's own terms: --beta-term ("hide that this is about ...") and --protect.
        # Each is hidden wherever it occurs and is a source of S2 (stages.Reason.REQUESTED).
        self.protect = tuple(dict.fromkeys((*((settings.beta_term,) if settings.beta_term else ()), *settings.protect)))
        self._by_genre = PoliciesByGenre(self.policy)
        self.mode = Mode(settings.mode if settings.mode is not None else self.policy.mode)
        self.operators = {**dict(self.policy.operators), **settings.kind_modes()}  # the user's win
        #: the second half (anonymizer.py): writes each analysis in the mode, with the operators
        self.anonymizer = Anonymizer(
            self.mode, self.operators, settings.pseudonym_key, engine_language(settings.language), self
        )
        self.zero_count = ZeroCountPolicy(settings.zero_count)
        self._owns_resources = resources is None
        self.resources = Resources(settings) if resources is None else resources.serving(settings)
        self.prefetch_report: Optional[dict] = None
        #: the last run's collection (collection.py), None without one: a document read
        #: again after the run (a record's leak, formats/sanitizing.py) is decided by it too
        self.last_collection: Optional[Collection] = None
        #: the documents in which ``countries`` left out another country's identifier
        self.countries_limited = 0
        #: under language auto, the engines of the other languages met (language_routing.py)
        self._engines = LanguageEngines(self, Sanitizer)
        #: the thresholds of each genre's policy met, by the policy's id (thresholds_for)
        self._genre_thresholds: dict[int, Thresholds] = {}
        try:
            self.thresholds = self._thresholds(self.policy)
        except BaseException:
            self.close()
            raise
        log.info(
            "opened: policy %s, mode %s, back-ends %s/%s, extractor %s, %s",
            self.policy.name,
            self.mode.value,
            self.backend.name,
            self.s2_backend.name,
            settings.extractor,
            self.thresholds.summary(self.s2_runs),
        )

    @property
    def backend(self) -> CountBackend:
        return self.resources.backend

    @property
    def s2_backend(self) -> CountBackend:
        return self.resources.s2_backend

    @property
    def counter(self) -> CachedCounter:
        return self.resources.counter

    @property
    def s2_counter(self) -> CachedCounter:
        return self.resources.s2_counter

    @property
    def s2_has_own_corpus(self) -> bool:
        return self.resources.s2_has_own_corpus

    @property
    def s2_turned_off(self) -> bool:
        return self.resources.s2_off or not (self.policy.s2 or self.protect)

    def s2_settings(self) -> S2Settings:
        return S2Settings(
            self.thresholds.tau, self.policy.relatedness, self.policy.min_cooccurrence, self.policy.s2_kinds
        )

    def _thresholds(self, policy: Policy) -> Thresholds:
        s2 = self.s2_counter if self.s2_has_own_corpus else None
        return thresholds_of(policy, self.settings, self.counter, s2)

    def thresholds_for(self, policy: Policy) -> Thresholds:
        """The thresholds a document decided by ``policy`` (policy_for's) is decided at: the
        run's, each kind's β from that policy's offsets (a genre's part may set a kind's own:
        the relations of a judgment under `readable`)."""
        if policy is self.policy:
            return self.thresholds
        if id(policy) not in self._genre_thresholds:
            self._genre_thresholds[id(policy)] = self._thresholds(policy)
        return self._genre_thresholds[id(policy)]

    @property
    def s2_runs(self) -> bool:
        """Whether S2 runs on each document (the policy or a protected term asks it, and it can)."""
        return self.s2_unavailable_reason is None

    @property
    def s2_unavailable_reason(self) -> Optional[str]:
        if self.resources.s2_off:
            return "S2 is turned off (`s2_backend` none)"
        if self.s2_turned_off:
            return f"policy {self.policy.name!r} turns S2 off"
        return s2_unavailable_reason(self.s2_backend)

    def sanitize(self, text: str) -> SanitizationResult:
        return next(iter(self.sanitize_many([checked_text(text)], refuse_batch=True)))

    @overload
    def sanitize_many(
        self, texts: Sequence[str], progress: Optional[Progress] = ..., protect: Any = ..., candidates: Any = ...,
        subjects: Any = ..., *, refuse_batch: Literal[True], collection: Optional[Collection] = ...,
    ) -> Iterator[SanitizationResult]: ...  # fmt: skip

    @overload
    def sanitize_many(
        self, texts: Sequence[str], progress: Optional[Progress] = ..., protect: Any = ..., candidates: Any = ...,
        subjects: Any = ..., refuse_batch: Literal[False] = ..., collection: Optional[Collection] = ...,
    ) -> Iterator[SanitizationResult | DocumentRefused]: ...  # fmt: skip

    def sanitize_many(
        self,
        texts: Sequence[str],
        progress: Optional[Progress] = None,
        protect: Optional[Sequence[Sequence[str]]] = None,
        candidates: Optional[Sequence[Sequence[Any]]] = None,
        subjects: Optional[Sequence[Optional[Hashable]]] = None,
        refuse_batch: bool = False,
        collection: Optional[Collection] = None,
    ) -> Iterator[SanitizationResult | DocumentRefused]:
        """Results in input order, each as soon as it is decided (extraction runs ahead in
        the workers); ``progress(phase, done, total)`` is called as blocks are extracted and documents decided.
        ``protect``: per document, names S2 protects besides the sanitizer's own.
        ``candidates``: per document, another system's spans to add to the candidates
        ([start, end, label], or Presidio's results: external.py). ``subjects``: per
        document, whom it is about (a patient's id): the texts are a collection, and a term
        decided by IC that the documents of at least the policy's k subjects hold is kept
        (collection.py; without it each document counts as a subject, under a stricter k).
        Under language auto a text detected in a language not supported is, in its place, a
        ``DocumentRefused`` (the others are sanitized); ``refuse_batch``: raise it instead.
        ``collection``: one counted over more documents than ``texts`` (a file read in parts,
        collection.CollectionCounts), used instead of the texts' own.
        The texts are checked before it returns (api_inputs)."""
        checked = checked_texts(texts)
        if subjects is not None and len(subjects) != len(checked):
            raise InputError(f"`subjects` names {len(subjects)} documents; `texts` has {len(checked)}")
        languages = languages_of(checked) if self.settings.language == "auto" else None
        if languages and refuse_batch:
            refused_first(languages)
        if candidates is not None and len(candidates) != len(checked):
            raise InputError(f"`candidates` gives spans for {len(candidates)} documents; `texts` has {len(checked)}")
        external = [external_spans(text, spans) for text, spans in zip(checked, candidates or [[]] * len(checked))]
        protected = checked_protect(protect, len(checked))
        owners: Sequence[Optional[Hashable]] = list(subjects) if subjects is not None else [None] * len(checked)
        if languages:
            return self._engines.sanitize(
                checked,
                languages,
                lambda engine, *batch: engine._sanitized(batch[0], progress, *batch[1:], collection=collection),
                protected,
                external,
                owners,
            )
        return self._sanitized(checked, progress, protected, external, owners, collection)

    def _in_countries(
        self, text: str, spans: Sequence[CandidateSpan], language: str, packs: frozenset[str]
    ) -> Sequence[CandidateSpan]:
        kept = in_countries(text, spans, self.policy.countries, language, packs)
        self.countries_limited += kept is not spans
        return kept

    def _sanitized(
        self,
        texts: Sequence[str],
        progress: Optional[Progress],
        protected: Sequence[Sequence[str]],
        external: Sequence[list[CandidateSpan]],
        owners: Sequence[Optional[Hashable]] = (),
        collection: Optional[Collection] = None,
    ) -> Iterator[SanitizationResult]:
        report = progress or (lambda phase, done, total: None)
        language = self.resources.language
        if collection is None and self.policy.collection:
            collection = run_collection(texts, owners, self.policy.collection_k)
        self.last_collection = collection
        packs = self._packs_of(texts)
        extracted = (
            self._in_countries(text, merge_overlapping([*spans, *own]) if own else spans, language, read)
            for text, spans, own, read in zip(
                texts, self.resources.extraction.spans(texts, report, packs), external, packs
            )
        )
        # Each document is decided as soon as it is extracted, while the workers extract
        # the next ones; but a network back-end is asked all of a batch's queries at once,
        # so then every document is extracted first.
        terms_per_document: Iterable[list[CandidateTerm]] = (
            group_into_terms(text, spans) for text, spans in zip(texts, extracted)
        )
        if self._asks_in_parallel():
            terms_per_document = list(terms_per_document)
            self.prefetch_report = prefetch(self, texts, terms_per_document, report, protected)
        for index, (text, terms) in enumerate(zip(texts, terms_per_document)):
            yield self.decide_terms(text, terms, protect=protected[index], collection=collection)
            report("deciding", index + 1, len(texts))

    def in_language(self, language: str) -> "Sanitizer":
        """The engine that reads ``language``: this one, or under auto the one opened for it."""
        readable = SUPPORTED if self.settings.language == "auto" else (self.settings.language,)
        if language not in readable:
            raise InputError(
                f"`language` {language!r}: this engine reads {self.settings.language} "
                f"(supported: {', '.join(SUPPORTED)}; under auto, any of them)"
            )
        return self._engines.engine(language) if self.settings.language == "auto" else self

    def _asks_in_parallel(self) -> bool:
        """Network back-ends are asked in parallel, all of a batch's queries at once."""
        return self.settings.parallel > 1 and any(b.over_network for b in (self.backend, self.s2_backend))

    def information_content_of(self, term: str) -> tuple[Optional[float], Optional[float]]:
        """IC of ``term`` in S1's and in S2's corpus (an unseen term as the zero-count policy says)."""
        if not checked_text(term, "term").strip():
            raise InputError("`term` is empty")
        s1, s2 = (
            information_content(counter.count(term), counter.total(), self.zero_count)
            for counter in (self.counter, self.s2_counter)
        )
        return s1, s2

    def requested_keys(self, protect: Sequence[str] = ()) -> frozenset[str]:
        """The keys of the terms the user asked to hide: the sanitizer's own and ``protect``."""
        return frozenset(key for key in map(normalize_phrase, (*self.protect, *protect)) if key)

    def s2_sources(self, protected: Sequence[str], scored: Sequence[ScoredTerm]) -> tuple[str, ...]:
        """What S2 protects in a document: the names given, and the terms of a hidden
        category (protected as the user's own terms are)."""
        hidden = (s.term.text for s in scored if s.reason is Reason.HIDDEN_CATEGORY)
        return tuple(dict.fromkeys((*protected, *hidden)))

    def candidates(self, text: str) -> list[ScoredTerm]:
        """The candidate terms of ``text`` with their counts, IC and S1 decision."""
        checked_text(text)
        requested = self.requested_keys()
        policy = self.policy_for(text)
        terms = considered_terms(text, group_into_terms(text, self.extract([text])[0]), policy, requested)
        return self.s1(text, terms, requested, policy)

    def s1(
        self, text: str, terms: Sequence[CandidateTerm], requested: frozenset[str], policy: Policy
    ) -> list[ScoredTerm]:
        """S1: each term's count, IC and decision under ``policy`` (the document's: policy_for);
        by the policy's learned model where it has one; a term common in the user's
        reference corpus kept (reference.py)."""
        thresholds = self.thresholds_for(policy)
        scored = score_s1(terms, self.counter, policy, thresholds, self.zero_count, requested)
        if policy.learned is not None:
            own_beta = policy.beta if policy.beta is not None else DEFAULT_BETA
            scored = decide_learned(text, scored, policy.learned, thresholds, own_beta)
        return keep_common_in_reference(scored, self.resources.reference, policy.collection_k)

    def policy_for(self, text: str) -> Policy:
        """The policy ``text`` is decided by (policy.PoliciesByGenre: a judgment's part)."""
        return self._by_genre.policy_for(text)

    def extract(self, texts: Sequence[str], report: Progress = lambda *_: None) -> list[list[CandidateSpan]]:
        """Candidate spans of each text (the slow, parallel part: extraction_pool). This engine
        reads one language: under auto, a text in another is refused (language_routing)."""
        if self.settings.language == "auto":
            refuse_mixed(texts)
        return list(self.resources.extraction.spans(texts, report, self._packs_of(texts)))

    def _packs_of(self, texts: Sequence[str]) -> list[frozenset[str]]:
        """The genre packs each text's policy reads (packs/), which its extraction is given."""
        return [self.policy_for(text).packs for text in texts]

    def decide(self, text: str, spans: list[CandidateSpan], run_s2: bool = True) -> SanitizationResult:
        """The policy, S1, S2 (unless ``run_s2`` is false), entities and redaction of
        one text, given its candidate spans from extract()."""
        return self.decide_terms(text, group_into_terms(text, spans), run_s2=run_s2)

    def analyze(self, text: str, protect: Sequence[str] = ()) -> Analysis:
        """The first half of ``sanitize``: what ``text`` loses and why, nothing replaced yet
        (analysis.py); ``self.anonymizer.apply(text, analysis)`` writes it out."""
        checked = checked_text(text)
        return analyze_terms(self, checked, group_into_terms(checked, self.extract([checked])[0]), protect=protect)

    def decide_terms(self, text: str, terms: Sequence[CandidateTerm], **options: Any) -> SanitizationResult:
        """As decide(), given the candidate terms already grouped (a sweep groups once):
        analysis.analyze_terms with its ``options`` (``run_s2``, ``protect``, ``run_s3``,
        ``collection``), then the anonymizer."""
        return self.anonymizer.apply(text, analyze_terms(self, text, terms, **options))

    def close(self) -> None:
        """Close what this sanitizer opened (resources it was given stay open), and drop
        the caches that hold the texts it read."""
        if hasattr(self, "_engines"):
            self._engines.close()
        if self._owns_resources:
            self.resources.close()
        forget_texts()
        forget_terms()

    def __enter__(self) -> "Sanitizer":
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
