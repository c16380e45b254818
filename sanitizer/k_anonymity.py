"""Stage S3: quasi-identifiers that disclose together (the paper's future work).

S1 and S2 judge terms one by one, or in pairs; "disclosure may appear with
combinations of several non-sanitized terms" (Sánchez, Batet & Viejo). S3 takes the
quasi-identifiers left in clear after S1 and S2 (the policy's S3 kinds: dates, places,
organisations, numbers ...) and, while fewer than k documents of S3's corpus hold all
of them together (a conjunction count), masks the one that narrows the set most, the
rarest (highest IC in S3's corpus; unseen terms first), and asks again: a
k-anonymity test against the corpus as background knowledge (Papadopoulou et al. 2022).

The order is fixed by IC before any conjunction is asked, and the count of a
conjunction can only grow as terms leave it, so the greedy loop stops at the first
suffix of that order holding ≥ k documents: S3 finds it by bisection, asking about
log2(n) conjunctions instead of the loop's one per masked term (the saving is
reported). Every answer goes through the cached counter, like S2's.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional, Sequence

from ic_sanitizer.cache import CachedCounter

from .scoring import ZeroCountPolicy, information_content
from .stages import Decision, Reason, ScoredTerm, s2_unavailable_reason
from .terms import TermKind


@dataclass(frozen=True)
class S3Outcome:
    ran: bool
    #: why S3 did not run (None when it ran)
    reason: Optional[str]
    k: int = 0
    #: clear quasi-identifiers S3 looked at (distinct terms)
    considered: int = 0
    #: of those, masked
    masked: int = 0
    #: documents holding the last set still short of k: the masked terms' justification
    documents_before: Optional[int] = None
    #: documents holding what is left in clear (≥ k; every document when nothing is left)
    documents_after: Optional[int] = None
    #: (terms in the conjunction, documents holding them) for each conjunction asked
    probes: tuple[tuple[int, int], ...] = ()
    #: conjunctions the greedy loop would ask (one per masked term, and the last test)
    naive_queries: int = 0

    @property
    def saved_queries(self) -> int:
        return max(0, self.naive_queries - len(self.probes))


def _candidates(scored: Sequence[ScoredTerm], kinds: frozenset[TermKind]) -> list[ScoredTerm]:
    chosen: dict[str, ScoredTerm] = {}
    for s in scored:
        if s.decision is Decision.KEPT and s.reason is not Reason.ALLOW and s.term.kind in kinds:
            chosen.setdefault(s.term.key, s)
    return list(chosen.values())


def narrowing_order(terms: Sequence[ScoredTerm], counter: CachedCounter) -> list[str]:
    """Term keys, those that narrow the set most first: unseen, then by IC in S3's corpus."""
    total = counter.total()

    def rank(key: str) -> tuple[float, str]:
        bits = information_content(counter.count(key), total, ZeroCountPolicy.SENSITIVE)
        return -(bits if bits is not None else float("inf")), key

    return sorted((s.term.key for s in terms), key=rank)


def score_s3(
    scored: list[ScoredTerm], counter: CachedCounter, k: int, kinds: frozenset[TermKind]
) -> tuple[list[ScoredTerm], S3Outcome]:
    """The terms with S3's decisions applied, and what S3 did (its counts in the outcome)."""
    reason = s2_unavailable_reason(counter.backend)
    if reason is not None:
        return scored, S3Outcome(False, reason.replace("S2 (PMI)", "S3 (k-anonymity)"))
    order = narrowing_order(_candidates(scored, kinds), counter)
    total = counter.total()
    probes: dict[int, int] = {}

    def documents(first: int) -> int:
        """Documents holding order[first:] together (every document for an empty set)."""
        if first >= len(order):
            return total
        if first not in probes:
            rest = order[first:]
            probes[first] = counter.count(rest[0]) if len(rest) == 1 else counter.count_all(rest)
        return probes[first]

    # Smallest `first` with documents(first) >= k; documents() grows with `first`.
    low, high = -1, len(order)
    if documents(0) >= k:
        high = 0
    while high - low > 1:
        middle = (low + high) // 2
        if documents(middle) >= k:
            high = middle
        else:
            low = middle
    masked = set(order[:high])
    outcome = S3Outcome(
        True,
        None,
        k,
        len(order),
        len(masked),
        documents_before=documents(high - 1) if high > 0 else None,
        documents_after=documents(high),
        probes=tuple((len(order) - first, count) for first, count in sorted(probes.items())),
        naive_queries=min(high + 1, len(order)),
    )
    updated = [
        replace(s, decision=Decision.QUASI_IDENTIFIER, reason=Reason.K_ANONYMITY, beta=None)
        if s.term.key in masked and s.decision is Decision.KEPT
        else s
        for s in scored
    ]
    return updated, outcome
