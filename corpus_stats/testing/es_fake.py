"""A loopback stand-in for Elasticsearch, for tests and benchmarks (no cluster can run here).

It speaks the part of the REST API the ``es:`` back-end and ``corpus push`` use —
``PUT /INDEX``, ``GET /INDEX``, ``POST /INDEX/_bulk`` (NDJSON), ``POST /INDEX/_refresh``,
``POST /INDEX/_count`` with no query, ``match_phrase`` or ``bool.must`` of them — and
answers counts from a real local index (tantivy) of the documents it was sent,
rebuilt at each refresh. It listens on 127.0.0.1 only and counts the requests it serves.

    with FakeElasticsearch() as server:
        push_documents(f"{server.url}/docs", texts)
        ElasticsearchBackend(f"{server.url}/docs").count("blood transfusion")
"""

from __future__ import annotations

import json
import random
import shutil
import tempfile
import threading
import uuid
from collections import Counter
from http.server import BaseHTTPRequestHandler
from pathlib import Path
from typing import Any, Optional

from ..backends.local_index import LocalIndexBackend
from ..building.corpus_build import build_index_from
from ..building.sources import SourceTally
from ..normalize import index_tokens
from .web_fakes import LoopbackServer


def sample_queries(texts: list[str], size: int, seed: int = 3) -> list[list[str]]:
    """A reproducible mix of phrase queries (1-3 words of the texts) and two-phrase
    conjunctions, for checking that two back-ends agree."""
    rng = random.Random(seed)
    queries: list[list[str]] = []
    while len(queries) < size:
        tokens = index_tokens(rng.choice(texts))
        length = rng.randint(1, 3)
        start = rng.randrange(max(1, len(tokens) - length))
        phrase = " ".join(tokens[start : start + length])
        queries.append([phrase] if rng.random() < 0.5 or not queries else [phrase, queries[-1][0]])
    return queries


class _Index:
    def __init__(self, root: Path, name: str) -> None:
        self.uuid = uuid.uuid4().hex
        self.bodies: list[str] = []
        self.backend: Optional[LocalIndexBackend] = None
        self._folder = root / name

    def refresh(self) -> None:
        if not self.bodies:
            return
        build_index_from([(SourceTally("bulk", "es"), list(self.bodies))], self._folder)
        self.backend = LocalIndexBackend(self._folder)

    def count(self, query: Optional[dict]) -> int:
        if self.backend is None:
            return 0
        if query is None:
            return self.backend.total()
        if "match_phrase" in query:
            return self.backend.count(query["match_phrase"]["body"])
        clauses = query["bool"]["must"]
        return self.backend.count_all([clause["match_phrase"]["body"] for clause in clauses])


class FakeElasticsearch(LoopbackServer):
    def __init__(self) -> None:
        self._root = Path(tempfile.mkdtemp(prefix="fake-es-"))
        self.indexes: dict[str, _Index] = {}
        self.requests: Counter = Counter()
        self._lock = threading.Lock()
        super().__init__()

    def __exit__(self, *exc_info: object) -> None:
        super().__exit__(*exc_info)
        shutil.rmtree(self._root, ignore_errors=True)

    def _handle(self, method: str, path: str, body: bytes) -> tuple[int, dict[str, Any]]:
        parts = [p for p in path.split("?")[0].split("/") if p]
        if not parts:
            return 200, {"version": {"number": "fake"}}
        name, action = parts[0], (parts[1] if len(parts) > 1 else None)
        with self._lock:
            self.requests[action or method] += 1
            index = self.indexes.get(name)
            if action is None and method == "PUT":
                if index is not None:
                    return 400, {"error": {"type": "resource_already_exists_exception"}}
                self.indexes[name] = _Index(self._root, name)
                return 200, {"acknowledged": True}
            if index is None:
                return 404, {"error": {"type": "index_not_found_exception"}}
            if action is None and method == "GET":
                return 200, {name: {"settings": {"index": {"uuid": index.uuid}}}}
            if action == "_bulk":
                lines = body.decode("utf-8").splitlines()
                documents = [json.loads(line)["body"] for line in lines[1::2]]
                index.bodies.extend(documents)
                return 200, {"errors": False, "items": [{"index": {"status": 201}} for _ in documents]}
            if action == "_refresh":
                index.refresh()
                return 200, {"_shards": {"failed": 0}}
            if action == "_count":
                query = json.loads(body)["query"] if body.strip() else None
                return 200, {"count": index.count(query), "_shards": {"failed": 0}}
        return 400, {"error": {"type": "unsupported_by_fake"}}

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                status, payload = server._handle(self.command, self.path, self.rfile.read(length))
                data = json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            do_GET = do_POST = do_PUT = _serve

            def log_message(self, *args: Any) -> None:  # requests carry document terms: no log
                pass

        return Handler
