"""The contract every corpus back-end fulfils.

A back-end answers counts only: the size of its corpus (N), how many units contain a
phrase, and how many contain all of several phrases. Logarithms, floors and
thresholds live in the sanitizer's scoring module, not here.
"""

from __future__ import annotations

from enum import Enum
from typing import Optional, Protocol, Sequence, runtime_checkable


class CountUnit(str, Enum):
    """What a count counts. PMI over documents and over occurrences mean different things."""

    DOCUMENT = "document"
    OCCURRENCE = "occurrence"


@runtime_checkable
class CountBackend(Protocol):
    #: registered name, e.g. "table"
    name: str
    #: whether counts are of documents or of occurrences
    unit: CountUnit
    #: whether count_all() is available (needed by stage S2)
    supports_conjunction: bool
    #: whether a query sends the phrase off this machine
    sends_terms_off_machine: bool
    #: whether each query is a request to a service over the network (a web API, a
    #: cluster, on loopback too): such a back-end is worth asking many queries at once,
    #: and obeys limit_rate
    over_network: bool

    def limit_rate(self, per_second: Optional[float]) -> None:
        """Send at most ``per_second`` requests a second (None: no limit).

        A back-end that is not over_network has nothing to limit and ignores it.
        """
        ...

    def fingerprint(self) -> str:
        """A stable digest of the back-end's data: a count cached under it stays valid."""
        ...

    def total(self) -> int:
        """N: the number of documents (or tokens, for occurrence counts) in the corpus."""
        ...

    def count(self, phrase: str) -> int:
        """How many units contain ``phrase`` (already normalized by the caller)."""
        ...

    def count_all(self, phrases: Sequence[str]) -> int:
        """How many units contain every one of ``phrases``.

        Raises ConjunctionUnsupportedError when supports_conjunction is False.
        """
        ...

    def describe(self) -> str:
        """One line for humans: what the counts are and where they come from."""
        ...


class NoNetwork:
    """Base of a back-end that answers on this machine: no service to ask, nothing to rate-limit."""

    over_network = False

    def limit_rate(self, per_second: Optional[float]) -> None:
        return None
