"""The ``infinigram`` back-end: n-gram counts from the infini-gram API (no key).

``POST https://api.infini-gram.io/`` with ``{"index", "query_type": "count", "query"}``.
What the numbers mean here differs from a document count:

- count(phrase) = occurrences of the phrase in the index's token stream;
- count_all(a, b) = occurrences of the rarest clause with the others within
  ``window`` tokens (``max_diff_tokens``) in the same document — a windowed
  co-occurrence, not documents containing both;
- N = the index's token total (the empty query).

So p(t) is a token probability and PMI(a, b) = log2(count(a AND b) * N / (count(a)
count(b))) compares co-occurrence within the window with chance over the token stream:
positive PMI still means "seen together more than chance", but its scale depends on
the window, so β and w tuned on document counts do not carry over (tune on its own).

Case: infini-gram is case-sensitive, queries arrive folded to lower case (the cache
key), and a term appears in text as "kowalski", "Kowalski", "KOWALSKI" or with every
word capitalized. Each phrase is therefore asked as the OR of those variants in one
query (OR binds tighter than AND); README, "Web back-ends", gives the measurement.
A phrase holding the words AND or OR would be read as an operator: it is counted 0.

Spec: ``infinigram[:index=v4_dolma-v1_7_llama,window=100]``. The service is at
$SANITIZER_INFINIGRAM_URL when set (tests point it at a loopback fake).
"""

from __future__ import annotations

import os
from typing import Any, Optional, Sequence, cast

from ..net.egress import destination
from ..net.http import JsonService, RateLimiter, ServiceError
from ..net.web_options import int_between, non_empty, parse_options
from ..protocol import CountUnit
from ..registry import BackendEntry, register

DEFAULT_URL = "https://api.infini-gram.io/"
DEFAULT_INDEX = "v4_dolma-v1_7_llama"
DEFAULT_WINDOW = 100
_SMALL_WORDS = frozenset("of the and de du la le von van der for in on at to a an".split())


def case_variants(phrase: str) -> list[str]:
    """lower, Capitalized, Title Case (small words kept low), UPPER, without repeats."""
    words = phrase.split(" ")
    title = " ".join(w if (i and w in _SMALL_WORDS) else w[:1].upper() + w[1:] for i, w in enumerate(words))
    variants = [phrase, phrase[:1].upper() + phrase[1:], title, phrase.upper()]
    return list(dict.fromkeys(variants))


def _clause(phrase: str) -> Optional[str]:
    words = phrase.split(" ")
    if not phrase.strip() or any(w in ("AND", "OR") for v in case_variants(phrase) for w in v.split(" ")):
        return None
    return " OR ".join(case_variants(" ".join(words)))


def _classify(payload: Any) -> Optional[tuple[str, str]]:
    if not isinstance(payload, dict):
        return ("retry", "answered JSON that is not an object")
    if "error" in payload:
        text = str(payload["error"]).lower()
        if "limit" in text or "quota" in text:
            return ("quota", "reported that its usage limit is reached")
        if "[flask]" in text or "timeout" in text or "busy" in text:
            return ("retry", "reported a server error")
        # Validation errors are about the query: retrying cannot help.
        return ("fatal", "refused the query (a validation error)")
    if not isinstance(payload.get("count"), int):
        return ("retry", "answered without a count")
    return None


class InfiniGramBackend:
    name = "infinigram"
    unit = CountUnit.OCCURRENCE
    supports_conjunction = True
    sends_terms_off_machine = True
    over_network = True

    def __init__(self, argument: Optional[str]) -> None:
        options = parse_options(self.name, argument, {"index": non_empty, "window": int_between(1, 1000)})
        self.index = options.get("index", DEFAULT_INDEX)
        self.window = options.get("window", DEFAULT_WINDOW)
        self.url = os.environ.get("SANITIZER_INFINIGRAM_URL", DEFAULT_URL)
        destination(self.url)  # a URL that does not say plainly where it goes is refused now
        self._service = JsonService("infini-gram", self.url, classify=_classify, may_leave_machine=True)
        self._total: Optional[int] = None

    def limit_rate(self, per_second: Optional[float]) -> None:
        self._service.rate_limiter = RateLimiter(per_second)

    def _count(self, query: str) -> int:
        body = {"index": self.index, "query_type": "count", "query": query, "max_diff_tokens": self.window}
        return int(self._service.request("POST", json_body=body)["count"])

    def fingerprint(self) -> str:
        return f"infinigram-{self.index}-window{self.window}-case-variants-v1"

    def total(self) -> int:
        if self._total is None:
            self._total = self._count("")
            if self._total <= 0:
                raise ServiceError("infini-gram", "reported an empty index")
        return self._total

    def count(self, phrase: str) -> int:
        clause = _clause(phrase)
        return self._count(clause) if clause else 0

    def count_all(self, phrases: Sequence[str]) -> int:
        clauses = [_clause(p) for p in phrases]
        if not clauses or any(c is None for c in clauses):
            return 0
        return self._count(" AND ".join(cast("list[str]", clauses)))

    def describe(self) -> str:
        return f"infini-gram index {self.index} (occurrence counts; AND within {self.window} tokens), {self.url}"


register(
    BackendEntry(
        name="infinigram",
        factory=lambda argument: InfiniGramBackend(argument),
        summary="infini-gram API n-gram counts, no key (web: needs --allow-web)",
        argument=None,
        missing=lambda: None,
        optional_argument="index=NAME,window=1..1000",
    )
)
