"""What sanitizing one document gives: the text, every decision, and the numbers behind them."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ic_sanitizer.cache import QueryStats

from .k_anonymity import S3Outcome
from .redaction import Mode, Replacement
from .stages import Decision, S2Outcome, ScoredTerm, relationship_graph
from .thresholds import Thresholds

if TYPE_CHECKING:
    import networkx as nx  # imported where a graph is built: a tenth of a second at start-up


@dataclass(frozen=True)
class SanitizationResult:
    text: str
    terms: tuple[ScoredTerm, ...]
    thresholds: Thresholds
    s2: S2Outcome
    replacements: tuple[Replacement, ...]
    queries: QueryStats
    mode: Mode
    s3: S3Outcome = S3Outcome(False, "S3 is turned off (the policy)")
    #: the names S2 protected besides S1's sensitive terms
    protected: tuple[str, ...] = ()

    @functools.cached_property
    def graph(self) -> "nx.Graph":
        """The term-relationship graph (frozen): built on first use, as sweeps never look."""
        return relationship_graph(self.terms, self.s2.pairs)

    @property
    def removed(self) -> tuple[ScoredTerm, ...]:
        return tuple(t for t in self.terms if t.removed)

    @property
    def sensitive(self) -> tuple[ScoredTerm, ...]:
        return tuple(t for t in self.terms if t.decision is Decision.SENSITIVE)

    @property
    def related(self) -> tuple[ScoredTerm, ...]:
        return tuple(t for t in self.terms if t.decision is Decision.RELATED)

    @property
    def kept(self) -> tuple[ScoredTerm, ...]:
        return tuple(t for t in self.terms if t.decision is Decision.KEPT)
