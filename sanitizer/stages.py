"""Stages S1 and S2 of the method, over the candidate terms of one document.

S1 applies the policy to each term: a kind always masked is sensitive, a kind never
masked is kept, and otherwise the term is sensitive when its IC reaches its kind's β
(the paper's S1; allow and deny lists come first). S2 marks a clear term as related
when its relatedness with some sensitive term (or a protected name: ``protected``)
reaches tau: PMI >= w * beta in the paper; the policy may choose NPMI or PMI's lower
confidence bound, and a minimum co-occurrence count (scoring). S2 builds the
term-relationship graph (networkx): a node per term, an edge per pair whose
conjunction was counted, weighted by PMI and marked with the decision.

Two exact savings over the paper: no conjunction is asked for a pair whose counts
bound the measure below tau (PMI <= IC; each measure's bound in scoring), nor for a
clear term already found related. S3 (k_anonymity) comes after.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import TYPE_CHECKING, Optional, Sequence

from ic_sanitizer.cache import CachedCounter
from ic_sanitizer.corpus_stats import CountBackend, normalize_phrase

from .policy import Policy, Rule
from .scoring import Relatedness, ZeroCountPolicy, information_content, relatedness, relatedness_ceiling
from .terms import CandidateTerm, TermKind, covers
from .thresholds import Thresholds, is_related, is_sensitive
from .vocabularies import in_everyday_words, in_vocabulary

if TYPE_CHECKING:
    import networkx as nx  # imported where a graph is built: a tenth of a second at start-up


class Decision(str, Enum):
    SENSITIVE = "sensitive"  # S1 (or the policy): masked for what the term is
    RELATED = "related"  # S2: PMI with a sensitive term >= tau
    QUASI_IDENTIFIER = "quasi_identifier"  # S3: with the others left in clear, fewer than k documents
    KEPT = "kept"


class Reason(str, Enum):
    """Why a term was masked or kept."""

    ALWAYS = "always"  # the policy masks its kind whatever its IC
    IC = "ic"  # its IC against its kind's β (S1)
    LEARNED = "learned"  # the policy's learned model: its score in bits against its kind's β (S1)
    NEVER = "never"  # the policy never masks its kind
    ALLOW = "allow"  # on the allow list
    DENY = "deny"  # on the deny list
    REQUESTED = "requested"  # named by the user (beta_term, protect): hidden whatever the rules and lists say
    HIDDEN_CATEGORY = "hidden-category"  # of a special category the run hides (policy.hide): hidden likewise
    PMI = "pmi"  # related to a sensitive term (S2)
    ENTITY = "entity"  # another name of an entity that is masked
    GLOSS = "gloss"  # a translation in brackets, decided as the term it follows (glosses.py)
    K_ANONYMITY = "k-anonymity"  # S3: the clear quasi-identifiers together single out fewer than k documents
    VOCABULARY = "vocabulary"  # decided by IC, but written in the policy's domain vocabulary (vocabularies.py)
    # decided by IC, but the documents of k subjects of the run's collection hold it (collection.py)
    COLLECTION = "collection"
    # decided by IC, but k documents of the user's reference corpus of the genre hold it (reference.py)
    REFERENCE = "reference"


@dataclass(frozen=True)
class ScoredTerm:
    term: CandidateTerm
    count: int
    #: bits; None for an unseen term under the "keep" zero-count policy
    information_content: Optional[float]
    decision: Decision
    #: for a related term: the sensitive term (key) it discloses, and their relatedness
    #: (PMI in bits, or the policy's measure)
    related_to: Optional[str] = None
    pmi: Optional[float] = None
    reason: Reason = Reason.IC
    #: the β its IC (or its learned score) was compared with (Reason.IC and Reason.LEARNED)
    beta: Optional[float] = None
    #: the entity it names (a term key standing for all its variants), when grouped
    entity: Optional[str] = None
    #: Reason.LEARNED: the model's score in bits (compared with ``beta``), and the features
    #: that moved it most, with their effect in bits
    learned_bits: Optional[float] = None
    top_features: tuple[tuple[str, float], ...] = ()
    #: for a term decided by IC in a run over a collection: its IC in the collection (bits,
    #: from the share of subjects holding it; collection.py)
    collection_information_content: Optional[float] = None
    #: likewise in a run with a reference corpus: its IC there (reference.py)
    reference_information_content: Optional[float] = None

    @property
    def removed(self) -> bool:
        return self.decision is not Decision.KEPT


@dataclass(frozen=True)
class PairScore:
    sensitive: str
    clear: str
    count_and: int
    pmi: Optional[float]
    related: bool


@dataclass(frozen=True)
class S2Outcome:
    ran: bool
    #: why S2 did not run (None when it ran)
    reason: Optional[str]
    pairs: tuple[PairScore, ...]
    #: the conjunctions the paper's method would ask: |clear| * |sensitive|
    naive_conjunctions: int
    #: pairs not asked because PMI <= min(IC(a), IC(b)) < tau
    saved_by_ic_bound: int
    #: pairs not asked because one term has count 0 in S2's corpus (PMI undefined)
    saved_unseen: int
    #: pairs not asked because the clear term was already found related
    saved_after_match: int

    @classmethod
    def not_run(cls, reason: Optional[str], naive_conjunctions: int = 0) -> "S2Outcome":
        """S2 did not run (``reason``), or ran with nothing to ask (``reason`` None)."""
        return cls(
            ran=reason is None,
            reason=reason,
            pairs=(),
            naive_conjunctions=naive_conjunctions,
            saved_by_ic_bound=0,
            saved_unseen=0,
            saved_after_match=0,
        )


@dataclass(frozen=True)
class S2Settings:
    """How S2 decides: τ on ``measure``'s scale, the fewest co-occurrences, the kinds it may remove."""

    tau: float
    measure: Relatedness = Relatedness.PMI
    min_count: int = 1
    kinds: frozenset[TermKind] = frozenset(TermKind)


def s2_unavailable_reason(backend: CountBackend) -> Optional[str]:
    """Why S2 cannot run on ``backend``, or None when it can."""
    if backend.supports_conjunction:
        return None
    return f"back-end {backend.name!r} has no conjunction counts, so S2 (PMI) did not run"


def s1_decision(
    term: CandidateTerm,
    ic: Optional[float],
    policy: Policy,
    thresholds: Thresholds,
    requested: frozenset[str] = frozenset(),
) -> tuple[Decision, Reason, Optional[float]]:
    """The policy's decision for one term: (decision, reason, β compared with). A term
    the user named (``requested``, normalized) is sensitive before any rule or list."""
    if term.key in requested:
        return Decision.SENSITIVE, Reason.REQUESTED, None
    if term.category is not None and term.category in policy.hide:
        return Decision.SENSITIVE, Reason.HIDDEN_CATEGORY, None
    if term.key in policy.deny:
        return Decision.SENSITIVE, Reason.DENY, None
    if term.key in policy.allow or policy.allows(term.kind, term.text):
        return Decision.KEPT, Reason.ALLOW, None
    rule = policy.rule_for(term.kind).rule
    if rule is Rule.ALWAYS:
        return Decision.SENSITIVE, Reason.ALWAYS, None
    if rule is Rule.NEVER:
        return Decision.KEPT, Reason.NEVER, None
    if policy.vocabularies and in_vocabulary(term.key, policy.vocabularies):
        return Decision.KEPT, Reason.VOCABULARY, None
    if _everyday(term, policy):
        return Decision.KEPT, Reason.VOCABULARY, None
    beta = thresholds.beta_for(term.kind)
    return (Decision.SENSITIVE if is_sensitive(ic, beta) else Decision.KEPT), Reason.IC, beta


def _everyday(term: CandidateTerm, policy: Policy) -> bool:
    """A noun phrase of everyday words where they are the genre's language, unless it tells
    a special category the policy does not keep so ("his kidney transplant"); a policy's
    learned model decides such phrases by features of its own (learned/)."""
    return (
        policy.everyday_words
        and policy.learned is None
        and term.kind is TermKind.NOUN_PHRASE
        and (term.category is None or term.category in policy.everyday_categories)
        and in_everyday_words(term.key, policy.vocabularies)
    )


def score_s1(
    terms: Sequence[CandidateTerm],
    counter: CachedCounter,
    policy: Policy,
    thresholds: Thresholds,
    zero_count: ZeroCountPolicy,
    requested: frozenset[str] = frozenset(),
) -> list[ScoredTerm]:
    total = counter.total()
    scored = []
    for term in terms:
        count = counter.count(term.key)
        ic = information_content(count, total, zero_count)
        decision, reason, beta = s1_decision(term, ic, policy, thresholds, requested)
        scored.append(ScoredTerm(term, count, ic, decision, reason=reason, beta=beta))
    return scored


#: a term with its count and IC in S2's corpus (IC None when unseen)
_S2Side = tuple[ScoredTerm, int, Optional[float]]


def _removable(term: ScoredTerm, kinds: frozenset[TermKind]) -> bool:
    """Whether S2 may remove a clear term: not allowed, and of a kind the policy lets S2 remove."""
    return term.decision is Decision.KEPT and term.reason is not Reason.ALLOW and covers(kinds, term.term.kind)


def _protected_source(name: str) -> ScoredTerm:
    """A protected name as a sensitive source of S2 (it need not occur in the document)."""
    term = CandidateTerm(key=normalize_phrase(name), text=name, kind=TermKind.PERSON, mentions=())
    return ScoredTerm(term, 0, None, Decision.SENSITIVE, reason=Reason.REQUESTED)


def _protected_by_key(protected: Sequence[str]) -> dict[str, str]:
    """Each protected name by its key, the first name given for a key, in the order given."""
    names: dict[str, str] = {}
    for name in protected:
        names.setdefault(normalize_phrase(name), name)
    names.pop("", None)
    return names


def _s2_sides(
    scored: Sequence[ScoredTerm],
    counter: CachedCounter,
    kinds: frozenset[TermKind],
    protected: Sequence[str] = (),
    with_sensitive: bool = True,
) -> tuple[list[_S2Side], list[_S2Side]]:
    """Sources (protected names first, then sensitive terms, most informative first) and
    removable clear terms, counted in S2's corpus."""
    total = counter.total()

    def side(term: ScoredTerm) -> _S2Side:
        count = counter.count(term.term.key)
        return term, count, information_content(count, total, ZeroCountPolicy.KEEP)

    # A sensitive term that is also protected is one source, asked for once (as protected).
    by_key = _protected_by_key(protected)
    sensitive = sorted(
        (s for s in scored if s.decision is Decision.SENSITIVE and with_sensitive and s.term.key not in by_key),
        key=lambda s: -(s.information_content or 0.0),
    )
    names = [_protected_source(name) for name in by_key.values()]
    return [side(s) for s in names + sensitive], [side(s) for s in scored if _removable(s, kinds)]


def _within_bound(a: _S2Side, b: _S2Side, settings: S2Settings, total: int) -> bool:
    # Unseen terms have no PMI; otherwise the measure's bound must be able to reach tau.
    ceiling = relatedness_ceiling(settings.measure, a[1], b[1], total, settings.min_count)
    return ceiling is not None and ceiling >= settings.tau


def s2_pairs_to_ask(
    scored: Sequence[ScoredTerm],
    counter: CachedCounter,
    settings: S2Settings,
    protected: Sequence[str],
    sensitive_sources: bool,
) -> list[tuple[str, str]]:
    """Every (sensitive, clear) pair that S2 may ask about once the bound has pruned
    the rest: what a prefetch asks, all at once, before S2 runs."""
    if s2_unavailable_reason(counter.backend) is not None:
        return []
    sources, clear = _s2_sides(scored, counter, settings.kinds, protected, sensitive_sources)
    total = counter.total()
    return [
        (source[0].term.key, candidate[0].term.key)
        for candidate in clear
        for source in sources
        if _within_bound(source, candidate, settings, total)
    ]


def score_s2(
    scored: list[ScoredTerm],
    counter: CachedCounter,
    settings: S2Settings,
    protected: Sequence[str],
    sensitive_sources: bool,
) -> tuple[list[ScoredTerm], S2Outcome]:
    """The terms with S2's decisions applied, and what S2 did.

    ``settings`` hold τ and the kinds S2 may remove. ``protected`` names are
    sources besides S1's sensitive terms (only they when ``sensitive_sources`` is false).
    ``counter`` gives S2's counts. It may be another corpus than S1's (the embedded
    default takes IC from wordfreq and co-occurrence from the starter index), so every
    count, IC and PMI here is taken in S2's own corpus, and τ is on its scale.
    """
    removable = sum(_removable(s, settings.kinds) for s in scored)
    by_key = _protected_by_key(protected)
    sensitive = sum(s.decision is Decision.SENSITIVE and s.term.key not in by_key for s in scored) * sensitive_sources
    naive = (sensitive + len(by_key)) * removable
    reason = s2_unavailable_reason(counter.backend)
    if reason is not None:
        return scored, S2Outcome.not_run(reason, naive)
    if not naive:
        return scored, S2Outcome.not_run(None, naive)

    total = counter.total()
    sources, clear = _s2_sides(scored, counter, settings.kinds, protected, sensitive_sources)
    seen_sources = [source for source in sources if source[2] is not None]
    pairs: list[PairScore] = []
    related: dict[str, ScoredTerm] = {}
    saved_by_bound = saved_after_match = 0
    saved_unseen = (len(sources) - len(seen_sources)) * len(clear)
    for candidate in clear:
        if candidate[2] is None:
            saved_unseen += len(seen_sources)
            continue
        for index, source in enumerate(seen_sources):
            if not _within_bound(source, candidate, settings, total):
                saved_by_bound += 1
                continue
            count_and = counter.count_all([source[0].term.key, candidate[0].term.key])
            value = relatedness(settings.measure, count_and, source[1], candidate[1], total)
            related_now = count_and >= settings.min_count and is_related(value, settings.tau)
            pairs.append(PairScore(source[0].term.key, candidate[0].term.key, count_and, value, related_now))
            if related_now:
                term = candidate[0]
                related[term.term.key] = replace(
                    term, decision=Decision.RELATED, reason=Reason.PMI, related_to=source[0].term.key, pmi=value
                )
                saved_after_match += len(seen_sources) - index - 1
                break
    updated = [related.get(s.term.key, s) for s in scored]
    return updated, S2Outcome(
        ran=True,
        reason=None,
        pairs=tuple(pairs),
        naive_conjunctions=naive,
        saved_by_ic_bound=saved_by_bound,
        saved_unseen=saved_unseen,
        saved_after_match=saved_after_match,
    )


def relationship_graph(scored: Sequence[ScoredTerm], pairs: Sequence[PairScore]) -> "nx.Graph":
    """A frozen graph: a node per term (decision, IC), an edge per counted pair (PMI, related)."""
    import networkx as nx

    graph: nx.Graph = nx.Graph()
    for s in scored:
        graph.add_node(
            s.term.key, decision=s.decision.value, reason=s.reason.value, information_content=s.information_content
        )
    for pair in pairs:
        graph.add_edge(pair.sensitive, pair.clear, pmi=pair.pmi, count_and=pair.count_and, related=pair.related)
    return nx.freeze(graph)
