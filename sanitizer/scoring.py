"""Information content and pointwise mutual information from counts: the one place
where logarithms, floors and thresholds live.

    IC(t)     = -log2(count(t) / N)
    PMI(a, b) = log2( p(a AND b) / (p(a) p(b)) ) = log2( count(a AND b) * N / (count(a) count(b)) )

Because count(a AND b) <= min(count(a), count(b)), PMI(a, b) <= min(IC(a), IC(b)):
a clear term whose IC is below tau can never reach tau, whatever it co-occurs with.
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
