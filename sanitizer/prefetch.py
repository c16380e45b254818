"""Asking a network back-end all of a batch's queries at once, before deciding.

With ``parallel`` > 1 and a back-end over the network, the sanitizer extracts every
document of a batch first, then asks here every count and conjunction the batch needs,
deduplicated across documents, ``parallel`` at a time; deciding then runs on answers in
memory (the cached counters hold them).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable, Sequence

from .considered import considered_terms
from .stages import Decision, s2_pairs_to_ask, score_s1
from .terms import CandidateTerm

if TYPE_CHECKING:
    from .pipeline import Sanitizer

#: progress(phase, done, total)
Progress = Callable[[str, int, int], None]


def prefetch(
    sanitizer: Sanitizer,
    texts: Sequence[str],
    terms_per_document: Sequence[Sequence[CandidateTerm]],
    report: Progress,
    protected: Sequence[Sequence[str]],
) -> dict[str, Any]:
    """Ask every query the batch needs, deduplicated across documents, ``parallel``
    at a time: S1's counts, then S2's counts and the conjunctions the IC bound
    leaves. Deciding then runs on answers in memory."""
    requested = [sanitizer.requested_keys(names) for names in protected]
    candidates = [
        considered_terms(text, terms, sanitizer.policy, keys)
        for text, terms, keys in zip(texts, terms_per_document, requested)
    ]
    sanitizer.counter.total()
    counts = sanitizer.counter.prefetch(
        [("count", [t.key]) for terms in candidates for t in terms],
        sanitizer.settings.parallel,
        lambda done, total: report("counting", done, total),
    )
    scored = [
        score_s1(terms, sanitizer.counter, sanitizer.policy, sanitizer.thresholds, sanitizer.zero_count, keys)
        for terms, keys in zip(candidates, requested)
    ]
    summary: dict[str, Any] = {"counts": counts, "conjunctions": None, "conjunctions_naive": 0}
    if sanitizer.s2_unavailable_reason is not None:
        return summary
    sanitizer.s2_counter.total()
    if sanitizer.s2_counter is not sanitizer.counter:
        sanitizer.s2_counter.prefetch(
            [("count", [s.term.key]) for terms in scored for s in terms],
            sanitizer.settings.parallel,
            lambda done, total: report("counting for S2", done, total),
        )
    pairs = [
        pair
        for terms, names in zip(scored, protected)
        for pair in s2_pairs_to_ask(
            terms,
            sanitizer.s2_counter,
            sanitizer.s2_settings(),
            protected=sanitizer.s2_sources((*sanitizer.protect, *names), terms),
            sensitive_sources=sanitizer.policy.s2,
        )
    ]
    summary["conjunctions_naive"] = sum(
        sum(s.decision is Decision.SENSITIVE for s in terms) * sum(s.decision is Decision.KEPT for s in terms)
        for terms in scored
    )
    summary["conjunctions"] = sanitizer.s2_counter.prefetch(
        [("and", list(pair)) for pair in pairs],
        sanitizer.settings.parallel,
        lambda done, total: report("co-occurrence", done, total),
    )
    return summary
