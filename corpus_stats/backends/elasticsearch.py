"""The ``es:URL/INDEX`` back-end: document counts from Elasticsearch or OpenSearch.

For corpora that outgrow one machine. Documents are loaded with ``push_documents``
(``sanitizer corpus push``) under the same normalization as a local index: the field
``body`` holds ``index_tokens(text)`` joined by spaces and is analysed by the
``whitespace`` analyzer, so the cluster sees exactly the tokens a local index sees.

- count(phrase)      = ``_count`` of ``match_phrase`` on ``body``;
- count_all(phrases) = ``_count`` of ``bool.must`` of those ``match_phrase``;
- N                  = ``_count`` with no query.

Terms are sent to the cluster: ``sends_terms_off_machine`` is true unless it is on
loopback, as ``corpus_stats.net.egress`` reads the URL (the same reading that guards each
request). Nothing is asked of the cluster when the back-end is opened, so a refusal
(no ``--allow-web``) comes before any request or DNS look-up. Messages name the host
and port, never a queried phrase nor credentials in the URL.
"""

from __future__ import annotations

import hashlib
import json
from typing import Callable, Iterable, Optional, Sequence
from urllib.parse import urlsplit

from ..errors import BackendDataError, EgressRefusedError
from ..net.egress import destination
from ..net.http import JsonService, RateLimiter, RetryPolicy, ServiceError
from ..normalize import index_tokens
from ..protocol import CountUnit
from ..registry import BackendEntry, register

BODY_FIELD = "body"
INDEX_MAPPING = {"mappings": {"properties": {BODY_FIELD: {"type": "text", "analyzer": "whitespace"}}}}


def split_target(target: str) -> tuple[str, str]:
    """ "http://host:9200/index" -> ("http://host:9200", "index")."""
    base, _, index = target.rstrip("/").rpartition("/")
    parts = urlsplit(base)
    if parts.scheme not in ("http", "https") or not parts.netloc or not index or index.startswith("_"):
        raise BackendDataError("an Elasticsearch target is URL/INDEX, e.g. http://localhost:9200/judgments")
    try:
        destination(base)
    except EgressRefusedError as exc:
        raise BackendDataError(f"Elasticsearch target: {exc}") from None
    return base, index


def is_loopback(base: str) -> bool:
    return destination(base).on_this_machine


def _client(base: str, *, may_leave_machine: bool) -> JsonService:
    return JsonService(
        f"Elasticsearch at {destination(base).authority}",
        base,
        policy=RetryPolicy(attempts=5, total_seconds=30),
        may_leave_machine=may_leave_machine,
    )


def _phrase_clause(phrase: str) -> Optional[dict]:
    tokens = index_tokens(phrase)
    return {"match_phrase": {BODY_FIELD: " ".join(tokens)}} if tokens else None


class ElasticsearchBackend:
    name = "es"
    unit = CountUnit.DOCUMENT
    supports_conjunction = True
    over_network = True

    def __init__(self, target: str) -> None:
        self.base, self.index = split_target(target)
        self.sends_terms_off_machine = not is_loopback(self.base)
        self._client = _client(self.base, may_leave_machine=self.sends_terms_off_machine)
        self._total: Optional[int] = None
        self._fingerprint: Optional[str] = None

    def limit_rate(self, per_second: Optional[float]) -> None:
        self._client.rate_limiter = RateLimiter(per_second)

    def _count(self, query: Optional[dict]) -> int:
        body = {"query": query} if query is not None else None
        answer = self._client.request("POST", f"/{self.index}/_count", json_body=body)
        try:
            return int(answer["count"])
        except (KeyError, TypeError, ValueError):
            raise ServiceError(self._client.service, "answered _count without a count") from None

    def fingerprint(self) -> str:
        # No content digest exists in a cluster: the index's uuid changes when it is
        # recreated, and its document count when documents are added or removed.
        if self._fingerprint is None:
            answer = self._client.request("GET", f"/{self.index}")
            uuid = answer.get(self.index, {}).get("settings", {}).get("index", {}).get("uuid", "")
            material = f"{self.base}/{self.index}|{uuid}|{self.total()}"
            self._fingerprint = "es-" + hashlib.sha256(material.encode()).hexdigest()[:32]
        return self._fingerprint

    def total(self) -> int:
        if self._total is None:
            self._total = self._count(None)
        return self._total

    def count(self, phrase: str) -> int:
        clause = _phrase_clause(phrase)
        return self._count(clause) if clause else 0

    def count_all(self, phrases: Sequence[str]) -> int:
        clauses = [_phrase_clause(p) for p in phrases]
        if not clauses or any(c is None for c in clauses):
            return 0
        return self._count({"bool": {"must": clauses}})

    def describe(self) -> str:
        return f"document counts from Elasticsearch index {self.index!r} at {destination(self.base).authority}"


def push_documents(
    target: str,
    documents: Iterable[str],
    *,
    batch_size: int = 500,
    allow_web: bool = False,
    on_batch: Optional[Callable[[int], None]] = None,
) -> dict[str, int]:
    """Bulk-load documents (normalized as a local index is) into URL/INDEX.

    Returns {"pushed": n, "empty": m}: documents with no word are not sent. The
    documents' text goes to the cluster: one off this machine only with ``allow_web``
    (refused by the egress guard before any connection, as for the es: back-end)."""
    base, index = split_target(target)
    client = _client(base, may_leave_machine=allow_web)
    # 400 is "already exists": pushing more documents into an index is allowed.
    client.request("PUT", f"/{index}", json_body=INDEX_MAPPING, accept=(200, 400))
    pushed = empty = 0
    batch: list[str] = []

    def send() -> None:
        nonlocal pushed
        payload = "".join(json.dumps({"index": {}}) + "\n" + json.dumps({BODY_FIELD: body}) + "\n" for body in batch)
        answer = client.request("POST", f"/{index}/_bulk", data=payload, content_type="application/x-ndjson")
        if answer.get("errors"):
            raise ServiceError(client.service, "refused documents of a bulk batch")
        pushed += len(batch)
        batch.clear()
        if on_batch is not None:
            on_batch(pushed)

    for text in documents:
        tokens = index_tokens(text)
        if not tokens:
            empty += 1
            continue
        batch.append(" ".join(tokens))
        if len(batch) >= batch_size:
            send()
    if batch:
        send()
    client.request("POST", f"/{index}/_refresh")
    return {"pushed": pushed, "empty": empty}


register(
    BackendEntry(
        name="es",
        factory=lambda argument: ElasticsearchBackend(argument or ""),
        summary="document counts from an Elasticsearch/OpenSearch index (sanitizer corpus push); sends terms to it",
        argument="URL/INDEX",
        missing=lambda: None,
    )
)
