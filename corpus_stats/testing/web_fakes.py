"""Loopback stand-ins for the web count services, for tests and benchmarks.

One server speaks one format — infini-gram (``POST /`` JSON), SerpApi
(``GET /search.json``) or Mojeek (``GET /search?fmt=json``) — with a fixed latency and
a script of faults, and answers counts from a real back-end it is given (a local
index, so that IC and PMI mean something). It listens on 127.0.0.1 only, and counts
the queries it answered, per query, so a test can check that none was asked twice.

Faults, consumed one per request before it is answered: "429" (with Retry-After),
"503", "reset" (the connection closes without an answer), "slow" (answers after
``slow_seconds``), "malformed" (not JSON), "truncated" (a body cut short of its
Content-Length), "error200" (HTTP 200 with an error: infini-gram's ``{"error"}``, SerpApi's
``{"error"}``, Mojeek's ERROR status), "quota" (the service's spent-quota answer),
"redirect" (HTTP 302 to ``redirect_to``).

``RecordingProxy`` is a loopback HTTP proxy that records every request that reaches
it and forwards none (it answers 502): pointed to by HTTP_PROXY & co., it shows
whether anything would have left the machine through a proxy.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections import Counter
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Optional, TypeVar, cast
from urllib.parse import parse_qs, urlsplit

from ..protocol import CountBackend

_QUOTED = re.compile(r'"([^"]*)"')


class QuietHTTPServer(ThreadingHTTPServer):
    """A loopback server that does not print a client's broken connection: a client
    killed mid-request is a test's doing, not news."""

    def handle_error(self, request: object, client_address: object) -> None:
        pass


_Server = TypeVar("_Server", bound="LoopbackServer")


class LoopbackServer:
    """A stand-in served on 127.0.0.1 (a free port) from ``with`` to its end; a subclass
    answers through the request handler class its ``_handler()`` returns."""

    def __init__(self) -> None:
        self._server = QuietHTTPServer(("127.0.0.1", 0), self._handler())
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        raise NotImplementedError

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{cast(str, host)}:{port}"

    def __enter__(self: _Server) -> _Server:
        self._thread.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._server.shutdown()
        self._server.server_close()


class FakeWebService(LoopbackServer):
    def __init__(
        self,
        kind: str,
        backend: CountBackend,
        *,
        latency: float = 0.0,
        slow_seconds: float = 2.0,
        retry_after: float = 0.05,
    ) -> None:
        if kind not in ("infinigram", "serpapi", "mojeek"):
            raise ValueError(kind)
        self.kind = kind
        self.backend = backend
        self.latency = latency
        self.slow_seconds = slow_seconds
        self.retry_after = retry_after
        self.faults: list[str] = []
        self.redirect_to = "http://127.0.0.1:9/elsewhere"
        self.answered: Counter = Counter()  # query -> times answered with a count
        self.requests = 0
        self._lock = threading.Lock()
        super().__init__()

    # -- answers ------------------------------------------------------------------------

    def _count_infinigram(self, query: str) -> int:
        if not query:
            return self.backend.total()
        clauses = [clause.split(" OR ")[0] for clause in query.split(" AND ")]
        return self.backend.count(clauses[0]) if len(clauses) == 1 else self.backend.count_all(clauses)

    def _count_quoted(self, query: str) -> int:
        phrases = _QUOTED.findall(query)
        return self.backend.count(phrases[0]) if len(phrases) == 1 else self.backend.count_all(phrases)

    def _answer(self, query: str) -> dict:
        if self.kind == "infinigram":
            return {"count": self._count_infinigram(query), "approx": False, "latency": 0.1}
        hits = self._count_quoted(query)
        if self.kind == "serpapi":
            return (
                {"search_information": {"total_results": hits}}
                if hits
                else {"error": "Google hasn't returned any results for this query."}
            )
        return {"response": {"status": "OK", "head": {"query": query, "results": hits, "exact": False}}}

    def _fault_payload(self, fault: str) -> dict:
        if self.kind == "infinigram":
            return {"error": "[Flask] internal error"} if fault == "error200" else {"error": "daily limit"}
        if self.kind == "serpapi":
            return (
                {"error": "Internal server error, try again."}
                if fault == "error200"
                else {"error": "Your account has run out of searches."}
            )
        return {
            "response": {
                "status": "ERROR: Daily Limit Reached" if fault == "quota" else "ERROR: Unavailable",
                "head": {},
            }
        }

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        service = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def _send(
                self, status: int, body: bytes, headers: Optional[dict] = None, length: Optional[int] = None
            ) -> None:
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(body) if length is None else length))
                for name, value in (headers or {}).items():
                    self.send_header(name, value)
                self.end_headers()
                self.wfile.write(body)

            def _serve(self) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                if service.kind == "infinigram":
                    query = json.loads(raw or b"{}").get("query", "")
                else:
                    query = parse_qs(urlsplit(self.path).query).get("q", [""])[0]
                with service._lock:
                    service.requests += 1
                    fault = service.faults.pop(0) if service.faults else "ok"
                time.sleep(service.latency)
                if fault == "reset":
                    self.close_connection = True
                    self.connection.close()
                    return
                if fault == "slow":
                    time.sleep(service.slow_seconds)
                if fault == "429":
                    return self._send(429, b"{}", {"Retry-After": f"{service.retry_after:g}"})
                if fault == "503":
                    return self._send(503, b"{}")
                if fault == "redirect":
                    return self._send(302, b"{}", {"Location": service.redirect_to})
                if fault == "malformed":
                    return self._send(200, b"<html>busy</html>")
                if fault == "truncated":
                    body = json.dumps(service._answer(query)).encode()
                    self._send(200, body[: len(body) // 2], length=len(body))
                    self.close_connection = True
                    return
                if fault in ("error200", "quota"):
                    return self._send(200, json.dumps(service._fault_payload(fault)).encode())
                payload = service._answer(query)
                with service._lock:
                    service.answered[query] += 1
                self._send(200, json.dumps(payload).encode())

            do_GET = do_POST = _serve

            def log_message(self, *args: Any) -> None:  # queries are document terms: no log
                pass

        return Handler


class RecordingProxy(LoopbackServer):
    """A loopback proxy that records what reaches it (method and target) and forwards nothing."""

    def __init__(self) -> None:
        self.seen: list[tuple[str, str]] = []
        self._lock = threading.Lock()
        super().__init__()

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        proxy = self

        class Handler(BaseHTTPRequestHandler):
            def _record(self) -> None:
                with proxy._lock:
                    proxy.seen.append((self.command, self.path))
                self.send_response(502)
                self.send_header("Content-Length", "0")
                self.end_headers()

            do_GET = do_POST = do_PUT = do_HEAD = do_CONNECT = do_DELETE = _record

            def log_message(self, *args: Any) -> None:
                pass

        return Handler
