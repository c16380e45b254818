"""What β, β_S2 and τ are for a run, and the comparisons made against them.

β is S1's threshold in S1's corpus: given in bits, as the IC of a term, or taken from
the policy. Every kind the policy decides by IC has its β at the run's β plus the
kind's offset (policy.py), so one dial moves them all. Offsets are measured on the
scale of the back-end the policy was fitted on; with another back-end they are dropped
and every IC-decided kind takes the run's β, which the user must then give. S2 counts in its own
corpus, so its threshold is measured there: τ = w·β_S2, where β_S2 is β itself when
S1 and S2 share a back-end, the IC of the β-term in S2's corpus, or bits given.

No β may exceed what the back-end can give: a corpus of N units gives no term more
than log2(2N) bits (an unseen term, see scoring), so a higher β would silently mask
nothing. It is refused, naming the ceiling.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Callable, Optional

from .errors import ConfigurationError
from .policy import DEFAULT_BETA, Policy
from .scoring import ZeroCountPolicy, information_content, relatedness_threshold
from .terms import REFINEMENTS, TermKind

if TYPE_CHECKING:
    from ic_sanitizer.cache import CachedCounter

    from .settings import Settings

__all__ = ["DEFAULT_BETA", "DEFAULT_BETA_S2", "Thresholds", "resolve"]
# Bits in the starter index: τ = 6 bits at w = 0.6. Set by hand, then measured on TAB's
# tuning half (README, "The embedded default").
DEFAULT_BETA_S2 = 10.0


@dataclass(frozen=True)
class Thresholds:
    #: S1's threshold, in S1's corpus (bits): the dial; each IC-decided kind is offset from it
    beta: float
    #: "number" when given in bits, "term" when it is the IC of --beta-term, "policy"
    beta_source: str
    w: float
    #: S2's threshold: w * beta_s2 (w itself when the policy's relatedness is NPMI)
    tau: float
    #: beta in S2's corpus
    beta_s2: float = 0.0
    #: (kind, bits): the effective β of every kind the policy decides by IC
    kind_betas: tuple[tuple[TermKind, float], ...] = field(default=(), repr=False)

    def beta_for(self, kind: TermKind) -> float:
        """The kind's β; a plug-in's kind (terms.new_kind) has the β of the kind it refines."""
        betas = dict(self.kind_betas)
        if kind not in betas and kind.added:
            kind = REFINEMENTS[kind]
        return betas.get(kind, self.beta)

    def summary(self, s2_runs: bool) -> str:
        """The effective thresholds in one line: the dial, each IC-decided kind's β where it
        is not the dial's (a refined kind only where it differs from the kind it refines), and S2's τ."""
        betas = dict(self.kind_betas)
        shown = [
            f"{kind.value} {bits:.2f}"
            for kind, bits in self.kind_betas
            if bits != self.beta and (kind not in REFINEMENTS or betas.get(REFINEMENTS[kind]) != bits)
        ]
        line = f"β {self.beta:.2f}" + (f" ({', '.join(shown)})" if shown else "")
        return line + (f", β_S2 {self.beta_s2:.2f}, w {self.w:g}, τ {self.tau:.2f}" if s2_runs else ", S2 off")


def is_sensitive(information_content: Optional[float], beta: float) -> bool:
    """S1's test: IC ≥ β (an unseen term under the "keep" policy has no IC)."""
    return information_content is not None and information_content >= beta


def is_related(pmi: Optional[float], tau: float) -> bool:
    """S2's test: PMI ≥ τ (terms that never co-occur have no PMI)."""
    return pmi is not None and pmi >= tau


def ceiling(total: int) -> float:
    """The most bits a term can have in a corpus of ``total`` units: log2(2N)."""
    return math.log2(2 * total)


def validate_numbers(beta: Optional[float], beta_term: Optional[str], w: float, beta_s2: Optional[float]) -> None:
    """Checks that need no back-end: numbers, finite, positive, in range, not both."""
    for name, value in (("beta", beta), ("w", w), ("beta_s2", beta_s2)):
        if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float))):
            raise ConfigurationError(f"`{name}` must be a number, not {type(value).__name__}")
    if beta_term is not None and not isinstance(beta_term, str):
        raise ConfigurationError("`beta_term` must be a term (text)")
    if beta is not None and beta_term is not None:
        raise ConfigurationError("give either `beta` or `beta_term`, not both")
    if beta is not None and not (math.isfinite(beta) and beta > 0):
        raise ConfigurationError("`beta` must be a finite positive number of bits")
    if beta_s2 is not None and beta_term is not None:
        raise ConfigurationError("give either `beta_s2` or `beta_term`, not both")
    if beta_s2 is not None and not (math.isfinite(beta_s2) and beta_s2 > 0):
        raise ConfigurationError("`beta_s2` must be a finite positive number of bits")
    if beta_term is not None and not beta_term.strip():
        raise ConfigurationError("`beta_term` is empty")
    if not (math.isfinite(w) and 0.0 <= w <= 1.0):
        raise ConfigurationError("`w` must lie in [0, 1]")


def _check_ceiling(bits: float, what: str, backend_name: str, total: int) -> None:
    top = ceiling(total)
    if bits > top:
        raise ConfigurationError(
            f"{what} is {bits:.2f} bits, above the {top:.2f} bits back-end {backend_name!r} can give any term "
            f"(log2 2N, N = {total}): nothing would be masked. Give a lower `beta`, a `beta_term`, "
            "or a `policy` fitted on this back-end"
        )


@dataclass(frozen=True)
class Corpus:
    """What resolving thresholds needs of one counter: its name, fingerprint, N, and IC of a term."""

    name: str
    fingerprint: str
    total: int
    information_content_of: Callable[[str], Optional[float]]


def resolve(
    policy: Policy,
    s1: Corpus,
    s2: Optional[Corpus],
    *,
    beta: Optional[float],
    beta_term: Optional[str],
    w: float,
    beta_s2: Optional[float],
) -> Thresholds:
    """The run's thresholds; ``s2`` is None when S2 counts in S1's corpus."""
    validate_numbers(beta, beta_term, w, beta_s2)
    fitted_here = policy.backend is None or policy.backend[1] == s1.fingerprint
    if beta_term is not None:
        beta, source = _beta_of_term(s1, beta_term), "term"
    elif beta is not None:
        source = "number"
    elif policy.beta is not None and fitted_here:
        beta, source = policy.beta, "policy"
    elif policy.backend is not None and not fitted_here and any(policy.offsets().values()):
        raise ConfigurationError(
            f"policy {policy.name!r} was fitted on back-end {policy.backend[0]!r}, whose IC scale is not "
            f"{s1.name!r}'s: give `beta` or `beta_term` on this back-end, or fit a `policy` on it"
        )
    else:
        beta, source = DEFAULT_BETA, "number"
    kind_betas = policy.betas_at(beta) if fitted_here else dict.fromkeys(policy.offsets(), beta)
    # Refused only when no IC-decided kind could mask anything: a kind whose offset lifts
    # it above the ceiling masks nothing of that kind, which the report shows.
    lowest = min(kind_betas.values(), default=beta)
    _check_ceiling(
        lowest, "beta" if lowest == beta else f"at beta {beta:.2f}, the lowest kind's beta", s1.name, s1.total
    )
    if s2 is None:
        if beta_s2 is not None:
            raise ConfigurationError("`beta_s2` applies only when S2 counts in another back-end than S1")
        beta_s2 = beta
    else:
        if beta_term is not None:
            beta_s2 = _beta_of_term(s2, beta_term)
        elif beta_s2 is None:
            beta_s2 = DEFAULT_BETA_S2
        _check_ceiling(beta_s2, "beta_s2", s2.name, s2.total)
    return Thresholds(
        beta=beta,
        beta_source=source,
        w=w,
        tau=relatedness_threshold(policy.relatedness, beta_s2, w),
        beta_s2=beta_s2,
        kind_betas=tuple(sorted(kind_betas.items(), key=lambda item: item[0].value)),
    )


def _beta_of_term(corpus: Corpus, beta_term: str) -> float:
    bits = corpus.information_content_of(beta_term)
    if bits is None:
        raise ConfigurationError(
            f"the `beta_term` has no count in back-end {corpus.name!r}; "
            "give `beta` (and `beta_s2`) in bits or another term"
        )
    return bits


def counted_corpus(counter: "CachedCounter") -> Corpus:
    """A back-end's corpus as the thresholds read it: its name, fingerprint, size and each term's IC."""

    def bits(term: str) -> Optional[float]:
        count = counter.count(term)
        return information_content(count, counter.total(), ZeroCountPolicy.KEEP) if count > 0 else None

    return Corpus(counter.backend.name, counter.backend.fingerprint(), counter.total(), bits)


def thresholds_of(
    policy: Policy, asked: "Settings", counter: "CachedCounter", s2_counter: Optional["CachedCounter"]
) -> Thresholds:
    """The run's thresholds: the policy's at the β the user asked for (``asked``), on S1's
    corpus (``counter``) and S2's when it has its own (``s2_counter``)."""
    s2 = counted_corpus(s2_counter) if s2_counter is not None else None
    return resolve(
        policy,
        counted_corpus(counter),
        s2,
        beta=asked.beta,
        beta_term=asked.beta_term,
        w=asked.w,
        beta_s2=asked.beta_s2,
    )
