"""Information content and pointwise mutual information from counts: the one place
where logarithms, floors and thresholds live.

    IC(t)     = -log2(count(t) / N)
    PMI(a, b) = log2( p(a AND b) / (p(a) p(b)) ) = log2( count(a AND b) * N / (count(a) count(b)) )

Because count(a AND b) <= min(count(a), count(b)), PMI(a, b) <= min(IC(a), IC(b)):
a clear term whose IC is below tau can never reach tau, whatever it co-occurs with.

Plain PMI is biased towards rare pairs: one shared document makes two rare terms
"related" (count(a AND b) = 1 gives PMI = IC(a) + IC(b) - IC(N), the most a pair of
their counts can show). S2 may use two measures that are not fooled by small counts
(``Relatedness``), each with its own exact bound, so that the IC bound keeps pruning:

- NPMI (Bouma 2009): NPMI(a, b) = PMI(a, b) / -log2 p(a AND b), in [-1, 1]; 1 when a
  and b always occur together. Write c = count(a AND b), c_a <= c_b. As a function of
  c, NPMI = log2(c N / (c_a c_b)) / log2(N / c) has a numerator increasing in c and a
  positive denominator decreasing in c (for c < N), so it is largest at c = c_a:

      NPMI(a, b) <= log2(N / c_b) / log2(N / c_a) = min(IC(a), IC(b)) / max(IC(a), IC(b))

  The threshold is τ = w (a share of perfect co-occurrence): NPMI has no bits, so β
  does not scale it. A pair whose IC ratio is below w is never asked.
- PMI's lower confidence bound: c is taken as a Poisson count and replaced by its
  one-sided 95% lower bound c_lo (Wilson-Hilferty approximation of the exact chi-square
  bound: c_lo = c (1 - 1/(9c) - z/(3 sqrt c))^3, z = 1.645), so PMI_lo = log2(c_lo N /
  (c_a c_b)). c_lo increases with c, and c <= min(c_a, c_b), so

      PMI_lo(a, b) <= log2(c_lo(min(c_a, c_b)) N / (c_a c_b)) <= min(IC(a), IC(b))

  with the same τ = w·β as PMI. One shared document gives c_lo = 0.04: 4.7 bits less.

A minimum co-occurrence count m (any measure) also prunes exactly: a pair with
min(c_a, c_b) < m cannot co-occur m times.
"""

from __future__ import annotations

import math
from enum import Enum
from typing import Optional


class ZeroCountPolicy(str, Enum):
    """What a term the corpus has never seen (count 0) is taken to be.

    ``sensitive``: unseen means rarer than anything seen; its IC is that of half a
    unit, log2(2N), above every seen term, so it is sensitive at any beta that a seen
    term could give. ``keep``: unseen terms have no IC and stay in clear.
    The default was chosen by measurement on TAB (README, "Terms the corpus has never seen").
    """

    SENSITIVE = "sensitive"
    KEEP = "keep"


def information_content(count: int, total: int, zero_count: ZeroCountPolicy) -> Optional[float]:
    """IC in bits, or None for an unseen term under the ``keep`` policy."""
    if count > 0:
        return -math.log2(min(count, total) / total)
    if zero_count is ZeroCountPolicy.SENSITIVE:
        return math.log2(2 * total)
    return None


def pointwise_mutual_information(count_and: int, count_a: int, count_b: int, total: int) -> Optional[float]:
    """PMI in bits; None when the terms never co-occur (PMI = -inf) or either is unseen."""
    if count_and <= 0 or count_a <= 0 or count_b <= 0:
        return None
    return math.log2(count_and * total / (count_a * count_b))


def tau(beta: float, w: float) -> float:
    """The S2 threshold: a share w of the sensitivity threshold beta."""
    return w * beta


class Relatedness(str, Enum):
    """S2's measure of how much a clear term discloses a sensitive one."""

    PMI = "pmi"  # the paper's
    NPMI = "npmi"  # normalized PMI (Bouma 2009), τ = w
    PMI_LOWER_BOUND = "pmi-lower-bound"  # PMI of the 95% lower bound of the co-occurrence count


#: one-sided 95% quantile of the standard normal
_Z_95 = 1.6449


def poisson_lower_bound(count: int, z: float = _Z_95) -> float:
    """One-sided lower confidence bound of a Poisson mean observed as ``count`` (Wilson-Hilferty)."""
    if count <= 0:
        return 0.0
    return count * max(0.0, 1 - 1 / (9 * count) - z / (3 * math.sqrt(count))) ** 3


def normalized_pmi(count_and: int, count_a: int, count_b: int, total: int) -> Optional[float]:
    """NPMI in [-1, 1]; None when PMI is undefined."""
    pmi = pointwise_mutual_information(count_and, count_a, count_b, total)
    if pmi is None:
        return None
    joint = math.log2(total / count_and)
    return 1.0 if joint <= 0 else pmi / joint


def pmi_lower_bound(count_and: int, count_a: int, count_b: int, total: int) -> Optional[float]:
    """PMI (bits) with count(a AND b) replaced by its 95% lower bound; None when undefined."""
    if count_and <= 0 or count_a <= 0 or count_b <= 0:
        return None
    lower = poisson_lower_bound(count_and)
    return math.log2(lower * total / (count_a * count_b)) if lower > 0 else None


def relatedness(measure: Relatedness, count_and: int, count_a: int, count_b: int, total: int) -> Optional[float]:
    if measure is Relatedness.NPMI:
        return normalized_pmi(count_and, count_a, count_b, total)
    if measure is Relatedness.PMI_LOWER_BOUND:
        return pmi_lower_bound(count_and, count_a, count_b, total)
    return pointwise_mutual_information(count_and, count_a, count_b, total)


def relatedness_ceiling(
    measure: Relatedness, count_a: int, count_b: int, total: int, min_count: int = 1
) -> Optional[float]:
    """The most ``measure`` can give a pair with these counts, whatever they co-occur
    (None: the pair can never be related); see the module's bounds."""
    rarer, commoner = sorted((count_a, count_b))
    if rarer <= 0 or rarer < min_count:
        return None
    if measure is Relatedness.NPMI:
        rarer_bits = math.log2(total / rarer)
        return 1.0 if rarer_bits <= 0 else math.log2(total / commoner) / rarer_bits
    if measure is Relatedness.PMI_LOWER_BOUND:
        return pmi_lower_bound(rarer, count_a, count_b, total)
    return math.log2(total / commoner)


def relatedness_threshold(measure: Relatedness, beta: float, w: float) -> float:
    """τ: w·β in bits for the PMI measures, w itself for NPMI (bounded by 1)."""
    return w if measure is Relatedness.NPMI else tau(beta, w)
