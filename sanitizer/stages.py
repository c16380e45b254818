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

from cache import CachedCounter

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


def score_s2(scored: list[ScoredTerm], counter: CachedCounter, tau: float) -> tuple[list[ScoredTerm], S2Outcome]:
    """The terms with S2's decisions applied, and what S2 did.

    ``counter`` gives S2's counts. It may be another corpus than S1's (the embedded
    default takes IC from wordfreq and co-occurrence from the starter index), so every
    count, IC and PMI here is taken in S2's own corpus, and tau is on its scale.
    """
    sensitive = sorted((s for s in scored if s.decision is Decision.SENSITIVE),
                       key=lambda s: -(s.information_content or 0.0))
    clear = [s for s in scored if s.decision is Decision.KEPT]
    naive = len(sensitive) * len(clear)
    reason = s2_unavailable_reason(counter.backend)
    if reason is not None:
        return scored, S2Outcome(False, reason, (), naive, 0, 0, 0)
    if not sensitive or not clear:
        return scored, S2Outcome(True, None, (), naive, 0, 0, 0)

    total = counter.total()
    # (term, count, IC) of the sensitive terms in S2's corpus; an unseen one has no PMI.
    sources = [(s, counter.count(s.term.key)) for s in sensitive]
    seen_sources = [(s, n, information_content(n, total, ZeroCountPolicy.KEEP)) for s, n in sources if n > 0]
    unseen_sources = len(sources) - len(seen_sources)
    pairs: list[PairScore] = []
    related: dict[str, ScoredTerm] = {}
    saved_by_bound = saved_after_match = 0
    saved_unseen = unseen_sources * len(clear)
    for candidate in clear:
        count = counter.count(candidate.term.key)
        if count <= 0:
            saved_unseen += len(seen_sources)
            continue
        information = information_content(count, total, ZeroCountPolicy.KEEP)
        for index, (source, source_count, source_information) in enumerate(seen_sources):
            if min(information, source_information) < tau:
                saved_by_bound += 1
                continue
            count_and = counter.count_all([source.term.key, candidate.term.key])
            pmi = pointwise_mutual_information(count_and, source_count, count, total)
            is_related = pmi is not None and pmi >= tau
            pairs.append(PairScore(source.term.key, candidate.term.key, count_and, pmi, is_related))
            if is_related:
                related[candidate.term.key] = ScoredTerm(
                    candidate.term, candidate.count, candidate.information_content,
                    Decision.RELATED, related_to=source.term.key, pmi=pmi)
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
