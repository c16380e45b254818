"""Fitting a policy's β per kind on annotated documents (``sanitizer tune --fit-policy``).

Direct identifiers are masked always, whatever the annotations say, and public references
(citations of the law) never. For every other
kind, masking its terms from the most informative down traces a curve of gold tokens
masked (gained) against other tokens masked (lost). The upper convex hull of each
kind's curve gives the thresholds worth having; the hulls' segments, taken across kinds
from the most precise down until the target token recall is reached (the last one only
as far as needed), choose one β per kind. This maximizes token precision at that recall
when the kinds' costs add up (the fractional knapsack over concave curves). A kind none
of whose segments is taken is never masked; a kind wholly taken is always masked.

Phrases that the annotators leave in clear in two documents or more (a court's own
vocabulary: "Court", "Government", "tariff") are learnt as the policy's allow list first.

Tokens are TAB's: matches of ``\\w+``, counted over every occurrence that redaction
would replace, each credited once: to the most specific kind, then the longest term (so that "Court" gets
no credit for the tokens of "High Court").
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Mapping, Sequence

from .evaluation import GoldStandard
from .evaluation.scores import Mask
from .extraction.candidates import group_into_terms
from .pipeline import Sanitizer
from .policy import DEFAULT_BETA, REFERENCE_KINDS, KindRule, Policy, Rule
from .redaction import find_occurrences
from .scoring import information_content
from .spans import WORD
from .terms import KIND_PRIORITY, CandidateTerm, TermKind

#: Kinds masked always: what they are identifies a person directly.
DIRECT_IDENTIFIERS = frozenset(
    {TermKind.PERSON, TermKind.EMAIL, TermKind.URL, TermKind.PHONE, TermKind.ACCOUNT, TermKind.CODE}
)
#: Kinds never masked: they cite the law or the Court's reports, whoever a text is about
#: (public_references). An annotator who masks one statute's name (a law that applies to
#: few people) would otherwise make the fit mask every rare citation.
PUBLIC_KINDS = frozenset({TermKind.PUBLIC_REFERENCE})
#: A kind with fewer terms than this in the fitting documents is not fitted: it keeps the
#: starting policy's rule (a refined kind without one follows the kind it refines). A few
#: terms say nothing of a kind, and "never", which they would give, would stop masking
#: what another genre holds many of (titles of works are rare in judgments).
MIN_TERMS_TO_FIT = 10


@dataclass(frozen=True)
class TermTokens:
    key: str
    kind: TermKind
    information_content: float
    #: gold-masked tokens and other tokens in every occurrence of the term
    gold: int
    other: int


@dataclass(frozen=True)
class KindFit:
    kind: TermKind
    #: None: too few terms to fit (MIN_TERMS_TO_FIT), the starting policy's rule stays
    rule: Rule | None
    beta: float | None
    terms: int
    gold_tokens: int
    other_tokens: int


def _token_positions(text: str, term: CandidateTerm) -> set[int]:
    """Start offsets of the tokens in every occurrence that redaction would replace."""
    spans = {(m.start, m.end) for m in term.mentions} | set(find_occurrences(text, term))
    return {match.start() for start, end in spans for match in WORD.finditer(text, start, end)}


def _document_terms(
    text: str,
    terms: Sequence[CandidateTerm],
    gold: Mask,
    information: Mapping[str, float],
) -> list[TermTokens]:
    """Each token counts once, for the most specific term that covers it (kinds in priority
    order), so that the tokens of the kinds add up to what masking them all would mask."""
    gold_starts = {m.start() for m in WORD.finditer(text) if gold.covers(m.start(), m.end())}
    claimed: set[int] = set()
    collected = []
    for term in sorted(terms, key=lambda t: (KIND_PRIORITY[t.kind], -len(WORD.findall(t.key)))):
        own = _token_positions(text, term) - claimed
        claimed |= own
        collected.append(
            TermTokens(term.key, term.kind, information[term.key], len(own & gold_starts), len(own - gold_starts))
        )
    return collected


def collect(sanitizer: Sanitizer, texts: Mapping[str, str], gold: GoldStandard) -> tuple[list[TermTokens], int]:
    """Every candidate term of the documents with its IC and tokens, and the gold tokens in all."""
    ids = list(texts)
    spans = sanitizer.extract([texts[i] for i in ids])
    total = sanitizer.counter.total()
    collected, gold_total = [], 0
    for doc_id, doc_spans in zip(ids, spans):
        text = texts[doc_id]
        mask = Mask([(s.start, s.end) for per in gold.spans.get(doc_id, {}).values() for s in per])
        gold_total += sum(mask.covers(m.start(), m.end()) for m in WORD.finditer(text))
        terms = group_into_terms(text, doc_spans)
        information = {}
        for term in terms:
            ic = information_content(sanitizer.counter.count(term.key), total, sanitizer.zero_count)
            information[term.key] = ic if ic is not None else float("inf")
        collected.extend(_document_terms(text, terms, mask, information))
    return collected, gold_total


def common_phrases(collected: Sequence[TermTokens], min_documents: int = 2, max_masked: float = 0.1) -> frozenset[str]:
    """The domain's vocabulary, learnt as an allow list: phrases that occur in at least
    ``min_documents`` documents and whose tokens the annotators left in clear at least
    1 - ``max_masked`` of the time ("Court", "Government", "tariff", "deportation order").
    A phrase shared by several cases is nobody's identifier; what IC measures against
    general language (legal terms are rare there) says nothing of that.

    Never a phrase that was once a direct identifier's kind (a person, a code): those are
    masked always, whatever annotators did; nor a phrase without a letter (a bare number)."""
    seen: dict[str, list[int]] = {}
    direct: set[str] = set()
    for term in collected:
        counts = seen.setdefault(term.key, [0, 0, 0])
        counts[0] += 1
        counts[1] += term.gold
        counts[2] += term.other
        if term.kind in DIRECT_IDENTIFIERS:
            direct.add(term.key)
    return frozenset(
        key
        for key, (documents, gold, other) in seen.items()
        if documents >= min_documents
        and gold <= max_masked * (gold + other)
        and key not in direct
        and re.search(r"[^\W\d_]", key)
    )


Point = tuple[float, int, int]  # (β, cumulative gold tokens, cumulative other tokens)


def _curve(terms: Sequence[TermTokens]) -> list[Point]:
    """One kind's curve: its terms masked from the highest IC down (equal ICs together)."""
    points: list[Point] = [(float("inf"), 0, 0)]
    for term in sorted(terms, key=lambda t: -t.information_content):
        beta, gold, other = points[-1]
        if term.information_content == beta:
            points[-1] = (beta, gold + term.gold, other + term.other)
        else:
            points.append((term.information_content, gold + term.gold, other + term.other))
    return points


def _hull(points: Sequence[Point]) -> list[tuple[int, int]]:
    """Segments (index of the first point, index of the last) of the curve's upper convex hull."""
    hull = [0]
    for index in range(1, len(points)):
        while len(hull) >= 2 and _precision(points[hull[-2]], points[hull[-1]]) <= _precision(
            points[hull[-1]], points[index]
        ):
            hull.pop()
        hull.append(index)
    return list(zip(hull, hull[1:]))


def _precision(a: Point, b: Point) -> float:
    gained, lost = b[1] - a[1], b[2] - a[2]
    return gained / (gained + lost) if gained + lost else 0.0


def fit(
    collected: Sequence[TermTokens], gold_total: int, target_recall: float, allowed: frozenset[str] = frozenset()
) -> list[KindFit]:
    """One rule per kind: the direct identifiers always, the others by the hull segments
    (terms on the allow list left out: they are never masked)."""
    by_kind: dict[TermKind, list[TermTokens]] = {kind: [] for kind in TermKind}
    for term in collected:
        if term.key not in allowed:
            by_kind[term.kind].append(term)
    reached = sum(t.gold for t in collected if t.kind in DIRECT_IDENTIFIERS and t.key not in allowed)
    fitted = {
        kind
        for kind in TermKind
        if kind not in DIRECT_IDENTIFIERS | PUBLIC_KINDS and len(by_kind[kind]) >= MIN_TERMS_TO_FIT
    }
    curves = {kind: _curve(by_kind[kind]) for kind in fitted}
    segments = [
        (_precision(curve[first], curve[last]), kind, first, last)
        for kind, curve in curves.items()
        for first, last in _hull(curve)
    ]
    chosen: dict[TermKind, float] = {}
    needed = target_recall * gold_total
    for _, kind, first, last in sorted(segments, key=lambda s: -s[0]):
        if reached >= needed:
            break
        curve = curves[kind]
        gained = curve[last][1] - curve[first][1]
        if gained == 0:
            continue
        if reached + gained > needed:
            # The last segment is taken only as far as the target needs: taking all of it
            # would overshoot the recall asked for and mask the rest of the kind's terms.
            last = next(i for i in range(first + 1, last + 1) if reached + curve[i][1] - curve[first][1] >= needed)
            gained = curve[last][1] - curve[first][1]
        chosen[kind] = curve[last][0]
        reached += gained
    fits = []
    for kind, terms in by_kind.items():
        gold_tokens, other = sum(t.gold for t in terms), sum(t.other for t in terms)
        rule, kind_beta = (
            _rule(kind, chosen.get(kind), terms) if kind in fitted | DIRECT_IDENTIFIERS | PUBLIC_KINDS else (None, None)
        )
        fits.append(KindFit(kind, rule, kind_beta, len(terms), gold_tokens, other))
    return fits


def _rule(kind: TermKind, lowest_beta: float | None, terms: Sequence[TermTokens]) -> tuple[Rule, float | None]:
    if kind in DIRECT_IDENTIFIERS:
        return Rule.ALWAYS, None
    if lowest_beta is None:
        return Rule.NEVER, None
    if terms and lowest_beta <= min(t.information_content for t in terms):
        return Rule.ALWAYS, None
    return Rule.IC, round(lowest_beta, 3)


def fitted_policy(
    base: Policy, fits: Sequence[KindFit], allowed: frozenset[str], sanitizer: Sanitizer, provenance: str
) -> Policy:
    """``base`` with the fitted rules and allow list, tied to the back-end the βs were measured on."""
    backend = sanitizer.backend
    fitted = {f.kind: f.beta for f in fits if f.rule is Rule.IC and f.beta is not None}
    # The policy's own β is its reference kind's fitted β (the noun-phrase β, the paper's),
    # and every other IC-decided kind sits at its fitted distance from it: the dial.
    reference = next(
        (fitted[TermKind(name)] for name in REFERENCE_KINDS if TermKind(name) in fitted),
        base.beta if base.beta is not None else DEFAULT_BETA,
    )
    rules = {
        f.kind: KindRule(f.rule, round(fitted[f.kind] - reference, 3) if f.kind in fitted else 0.0)
        for f in fits
        if f.rule is not None
    }
    rules |= {f.kind: base.rules[f.kind] for f in fits if f.rule is None and f.kind in base.rules}
    return replace(
        base,
        rules=rules,
        allow=allowed,
        beta=reference,
        backend=(backend.name, backend.fingerprint()),
        provenance=provenance,
        entities=True,
    )


@dataclass(frozen=True)
class FittedPolicy:
    policy: Policy
    fits: list[KindFit]
    allowed: frozenset[str]


def fit_policy(
    sanitizer: Sanitizer, texts: Mapping[str, str], gold: GoldStandard, target_recall: float, provenance: str
) -> FittedPolicy:
    """The whole fit on annotated documents, from ``sanitizer``'s policy: the allow list
    learnt first, then each kind's rule for ``target_recall``."""
    collected, gold_total = collect(sanitizer, texts, gold)
    allowed = common_phrases(collected)
    fits = fit(collected, gold_total, target_recall, allowed)
    return FittedPolicy(fitted_policy(sanitizer.policy, fits, allowed, sanitizer, provenance), fits, allowed)
