"""Stages S1 and S2 of the method, over the candidate terms of one document.

S1 marks every term with IC >= beta as sensitive. S2 marks a clear term as related
when its PMI with some sensitive term reaches tau = w * beta. S2 builds the
term-relationship graph (networkx): a node per term, an edge per pair whose
conjunction was counted, weighted by PMI and marked with the decision.

Two exact savings over the paper: no conjunction is asked for a clear term whose IC
is below tau (PMI <= IC, see scoring), nor for one already found related.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Optional, Sequence

import networkx as nx

from ic_sanitizer.cache import CachedCounter

from .scoring import ZeroCountPolicy, information_content, pointwise_mutual_information
from .terms import CandidateTerm


class Decision(str, Enum):
    SENSITIVE = "sensitive"   # S1: IC >= beta
    RELATED = "related"       # S2: PMI with a sensitive term >= tau
    KEPT = "kept"


@dataclass(frozen=True)
class ScoredTerm:
    term: CandidateTerm
    count: int
    #: bits; None for an unseen term under the "keep" zero-count policy
    information_content: Optional[float]
    decision: Decision
    #: for a related term: the sensitive term (key) it discloses, and their PMI
    related_to: Optional[str] = None
    pmi: Optional[float] = None

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


def s2_unavailable_reason(backend) -> Optional[str]:
    """Why S2 cannot run on ``backend``, or None when it can."""
    if backend.supports_conjunction:
        return None
    return f"back-end {backend.name!r} has no conjunction counts, so S2 (PMI) did not run"


def score_s1(terms: Sequence[CandidateTerm], counter: CachedCounter, beta: float,
             zero_count: ZeroCountPolicy) -> list[ScoredTerm]:
    total = counter.total()
    scored = []
    for term in terms:
        count = counter.count(term.key)
        ic = information_content(count, total, zero_count)
        decision = Decision.SENSITIVE if ic is not None and ic >= beta else Decision.KEPT
        scored.append(ScoredTerm(term, count, ic, decision))
    return scored


#: a term with its count and IC in S2's corpus (IC None when unseen)
_S2Side = tuple[ScoredTerm, int, Optional[float]]


def _s2_sides(scored: Sequence[ScoredTerm], counter: CachedCounter) -> tuple[list[_S2Side], list[_S2Side]]:
    """Sensitive terms (most informative first) and clear terms, counted in S2's corpus."""
    total = counter.total()

    def side(term: ScoredTerm) -> _S2Side:
        count = counter.count(term.term.key)
        return term, count, information_content(count, total, ZeroCountPolicy.KEEP)

    sensitive = sorted((s for s in scored if s.decision is Decision.SENSITIVE),
                       key=lambda s: -(s.information_content or 0.0))
    return [side(s) for s in sensitive], [side(s) for s in scored if s.decision is Decision.KEPT]


def _within_bound(a: _S2Side, b: _S2Side, tau: float) -> bool:
    # Unseen terms have no PMI; otherwise PMI <= min(IC(a), IC(b)) must be able to reach tau.
    return a[2] is not None and b[2] is not None and min(a[2], b[2]) >= tau


def s2_pairs_to_ask(scored: Sequence[ScoredTerm], counter: CachedCounter, tau: float) -> list[tuple[str, str]]:
    """Every (sensitive, clear) pair that S2 may ask about once the IC bound has pruned
    the rest: what a prefetch asks, all at once, before S2 runs."""
    if s2_unavailable_reason(counter.backend) is not None:
        return []
    sources, clear = _s2_sides(scored, counter)
    return [(source[0].term.key, candidate[0].term.key)
            for candidate in clear for source in sources if _within_bound(source, candidate, tau)]


def score_s2(scored: list[ScoredTerm], counter: CachedCounter, tau: float) -> tuple[list[ScoredTerm], S2Outcome]:
    """The terms with S2's decisions applied, and what S2 did.

    ``counter`` gives S2's counts. It may be another corpus than S1's (the embedded
    default takes IC from wordfreq and co-occurrence from the starter index), so every
    count, IC and PMI here is taken in S2's own corpus, and tau is on its scale.
    """
    naive = sum(s.decision is Decision.SENSITIVE for s in scored) * sum(s.decision is Decision.KEPT for s in scored)
    reason = s2_unavailable_reason(counter.backend)
    if reason is not None:
        return scored, S2Outcome(False, reason, (), naive, 0, 0, 0)
    if not naive:
        return scored, S2Outcome(True, None, (), naive, 0, 0, 0)

    total = counter.total()
    sources, clear = _s2_sides(scored, counter)
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
            if not _within_bound(source, candidate, tau):
                saved_by_bound += 1
                continue
            count_and = counter.count_all([source[0].term.key, candidate[0].term.key])
            pmi = pointwise_mutual_information(count_and, source[1], candidate[1], total)
            is_related = pmi is not None and pmi >= tau
            pairs.append(PairScore(source[0].term.key, candidate[0].term.key, count_and, pmi, is_related))
            if is_related:
                term = candidate[0]
                related[term.term.key] = ScoredTerm(term.term, term.count, term.information_content,
                                                    Decision.RELATED, related_to=source[0].term.key, pmi=pmi)
                saved_after_match += len(seen_sources) - index - 1
                break
    updated = [related.get(s.term.key, s) for s in scored]
    return updated, S2Outcome(True, None, tuple(pairs), naive, saved_by_bound, saved_unseen, saved_after_match)


def relationship_graph(scored: Sequence[ScoredTerm], pairs: Sequence[PairScore]) -> nx.Graph:
    """A frozen graph: a node per term (decision, IC), an edge per counted pair (PMI, related)."""
    graph = nx.Graph()
    for s in scored:
        graph.add_node(s.term.key, decision=s.decision.value, information_content=s.information_content)
    for pair in pairs:
        graph.add_edge(pair.sensitive, pair.clear, pmi=pair.pmi, count_and=pair.count_and, related=pair.related)
    return nx.freeze(graph)
