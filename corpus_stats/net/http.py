"""JSON over HTTP for the network back-ends, polite under faults.

Every request is retried on timeouts, connection errors, HTTP 429 (after its
Retry-After), 5xx, and bodies that are not whole JSON, with exponential backoff and
jitter, within a bounded total time. A service may classify an HTTP-200 answer as an
error (infini-gram's ``{"error": ...}``, Mojeek's status string): to retry, to stop, or
as a spent quota, which is never retried. Requests can be rate-limited (a token bucket
shared by all threads) and each thread has its own session.

Where a request may go is decided by ``corpus_stats.net.egress`` right before it is sent:
sessions ignore the proxy settings and .netrc of the environment, redirects are not
followed, and a service that did not declare it may leave the machine
(``may_leave_machine``) reaches loopback only.

Messages name the service and what went wrong, never a URL (it holds the query and
possibly a key) nor the text of a requests exception (which quotes the URL).
"""

from __future__ import annotations

import email.utils
import logging
import random
import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional

from ..errors import CorpusStatsError
from .egress import outbound_url

if TYPE_CHECKING:  # imported where a request is sent: local runs never load it
    import requests

_RETRY_STATUSES = {429, 500, 502, 503, 504}


log = logging.getLogger(__name__)


class ServiceError(CorpusStatsError):
    """A service failed for good (after retries, or with an answer that retrying cannot change)."""

    def __init__(self, service: str, problem: str) -> None:
        self.service = service
        self.problem = problem
        super().__init__(f"{service}: {problem}")


class QuotaExhaustedError(ServiceError):
    """The service says the key's quota (daily, monthly) is spent."""


@dataclass(frozen=True)
class RetryPolicy:
    attempts: int = 6
    base_delay: float = 0.25
    max_delay: float = 8.0
    #: no request (with its retries) takes longer than this in all
    total_seconds: float = 60.0
    #: seconds to connect and to read one answer
    timeout: float = 15.0


class RateLimiter:
    """At most ``per_second`` requests a second over all threads (None: no limit)."""

    def __init__(self, per_second: Optional[float]) -> None:
        self._interval = 1.0 / per_second if per_second else 0.0
        self._next = 0.0
        self._lock = threading.Lock()

    def wait(self) -> None:
        if not self._interval:
            return
        with self._lock:
            now = time.monotonic()
            slot = max(now, self._next)
            self._next = slot + self._interval
        if slot > now:
            time.sleep(slot - now)


#: classify(payload) -> None when the answer is good, else ("retry" | "fatal" | "quota", problem)
Classifier = Callable[[Any], Optional[tuple[str, str]]]


def _retry_after(response: requests.Response) -> Optional[float]:
    value = response.headers.get("Retry-After")
    if not value:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        moment = email.utils.parsedate_to_datetime(value)
        return max(0.0, moment.timestamp() - time.time()) if moment else None


class JsonService:
    def __init__(
        self,
        service: str,
        base_url: str,
        *,
        policy: RetryPolicy = RetryPolicy(),
        rate_limiter: Optional[RateLimiter] = None,
        classify: Optional[Classifier] = None,
        may_leave_machine: bool = False,
    ) -> None:
        self.service = service
        #: False: every request must reach this machine (loopback) or is refused unsent
        self.may_leave_machine = may_leave_machine
        self.base_url = base_url.rstrip("/")
        self.policy = policy
        self.rate_limiter = rate_limiter or RateLimiter(None)
        self._classify = classify or (lambda payload: None)
        self._local = threading.local()

    def _session(self) -> requests.Session:
        import requests

        session = getattr(self._local, "session", None)
        if session is None:
            session = self._local.session = requests.Session()
            # Proxies from HTTP_PROXY & co. would carry terms to another host (even for
            # a loopback target), and .netrc could add credentials: neither is used.
            session.trust_env = False
        return session

    def _send(self, method: str, path: str, timeout: float, **request: Any) -> requests.Response:
        import requests

        session = self._session()
        prepared = session.prepare_request(requests.Request(method, self.base_url + path, **request))
        # prepare_request always sets a URL; were it missing, the empty one is refused unsent.
        prepared.url = outbound_url(prepared.url or "", may_leave_machine=self.may_leave_machine, service=self.service)
        return session.send(prepared, timeout=timeout, allow_redirects=False, proxies={})

    def request(
        self,
        method: str,
        path: str = "",
        *,
        params: Optional[dict] = None,
        json_body: Any = None,
        data: Optional[str] = None,
        content_type: Optional[str] = None,
        accept: Iterable[int] = (200,),
    ) -> Any:
        import requests

        policy = self.policy
        deadline = time.monotonic() + policy.total_seconds
        headers = {"Content-Type": content_type} if content_type else None
        problem = "no attempt was made"
        for attempt in range(policy.attempts):
            self.rate_limiter.wait()
            wait: Optional[float] = None
            try:
                response = self._send(
                    method,
                    path,
                    min(policy.timeout, max(0.1, deadline - time.monotonic())),
                    params=params,
                    json=json_body,
                    data=data,
                    headers=headers,
                )
            except requests.Timeout:
                problem = "timed out"
            except requests.RequestException as exc:
                problem = f"connection failed ({type(exc).__name__})"
            else:
                answered, payload, problem, wait = self._answer(response, accept, method, path)
                if answered:
                    return payload
            if attempt + 1 == policy.attempts:
                break
            if wait is None:
                wait = min(policy.max_delay, policy.base_delay * 2**attempt) * (0.5 + random.random())
            if time.monotonic() + wait > deadline:
                break
            # the service and the problem only: a query's terms never reach a log record
            log.info(
                "%s %s; retrying in %.1f s (attempt %d of %d)",
                self.service,
                problem,
                wait,
                attempt + 2,
                policy.attempts,
            )
            time.sleep(wait)
        raise ServiceError(
            self.service, f"{problem}; gave up after {attempt + 1} attempt(s) within {policy.total_seconds:g} s"
        )

    def _answer(
        self, response: Any, accept: Iterable[int], method: str, path: str
    ) -> tuple[bool, Any, str, Optional[float]]:
        """A response read: (answered, its JSON, else the problem to retry on and the wait
        the service asked for). A refusal that retrying cannot mend raises."""
        if response.status_code in accept:
            try:
                payload = response.json()
            except ValueError:
                return False, None, "answered a body that is not whole JSON", None
            verdict = self._classify(payload)
            if verdict is None:
                return True, payload, "", None
            kind, problem = verdict
            if kind == "quota":
                raise QuotaExhaustedError(self.service, problem)
            if kind == "fatal":
                raise ServiceError(self.service, problem)
            return False, None, problem, None
        if 300 <= response.status_code < 400:
            raise ServiceError(
                self.service, f"answered a redirect (HTTP {response.status_code}), which is never followed"
            )
        if response.status_code in _RETRY_STATUSES:
            wait = _retry_after(response) if response.status_code == 429 else None
            return False, None, f"answered HTTP {response.status_code}", wait
        raise ServiceError(
            self.service, f"answered HTTP {response.status_code} to {method} {path.split('?')[0] or '/'}"
        )
