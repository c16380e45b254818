"""Web search engines that report hit counts: ``serpapi`` (Google through SerpApi) and ``mojeek``.

As in the paper, counts are pages: count(phrase) = the engine's estimate of pages
holding the quoted phrase, count_all(phrases) = pages holding every quoted phrase, and
N = the number of pages the engine indexes, which neither reports: it is an option
(``total=``), by default the paper's TotalWebs for Google (11e9) and Mojeek's published
index size for Mojeek (8e9). Estimates are rough ("about 1,230,000 results"), as they
were for the paper. Keys come only from the environment (SERPAPI_API_KEY,
MOJEEK_API_KEY); they appear in no message, report or cache key.

Spec: ``serpapi[:total=11e9]``, ``mojeek[:total=8e9]``. $SANITIZER_SERPAPI_URL and
$SANITIZER_MOJEEK_URL point them elsewhere (tests use loopback fakes).
"""

from __future__ import annotations

import os
from typing import Any, Callable, Optional, Sequence

from ..net.egress import destination
from ..net.http import JsonService, RateLimiter
from ..net.web_options import key_from_environment, page_total, parse_options
from ..protocol import CountUnit
from ..registry import BackendEntry, register


def _quoted(phrases: Sequence[str]) -> str:
    return " ".join('"' + p.replace('"', " ") + '"' for p in phrases)


class _SearchEngine:
    unit = CountUnit.DOCUMENT
    supports_conjunction = True
    sends_terms_off_machine = True
    over_network = True
    service: str
    key_variable: str
    default_url: str
    url_variable: str
    default_total: float
    path: str
    name: str

    # Each engine's own request parameters, error classification and hit count.
    def _params(self, query: str) -> dict[str, str]:
        raise NotImplementedError

    @staticmethod
    def _classify(payload: Any) -> Optional[tuple[str, str]]:
        raise NotImplementedError

    @staticmethod
    def _hits(payload: dict) -> int:
        raise NotImplementedError

    def __init__(self, argument: Optional[str]) -> None:
        options = parse_options(self.name, argument, {"total": page_total})
        self._total = int(options.get("total", self.default_total))
        self._key = key_from_environment(self.name, self.key_variable)
        self.url = os.environ.get(self.url_variable, self.default_url)
        destination(self.url)  # a URL that does not say plainly where it goes is refused now
        self._service = JsonService(self.service, self.url, classify=self._classify, may_leave_machine=True)

    def limit_rate(self, per_second: Optional[float]) -> None:
        self._service.rate_limiter = RateLimiter(per_second)

    def fingerprint(self) -> str:
        return f"{self.name}-{self._total}"

    def total(self) -> int:
        return self._total

    def count(self, phrase: str) -> int:
        return self.count_all([phrase])

    def count_all(self, phrases: Sequence[str]) -> int:
        if not all(p.strip() for p in phrases):
            return 0
        return self._hits(self._service.request("GET", self.path, params=self._params(_quoted(phrases))))

    def describe(self) -> str:
        return f"{self.service} page-count estimates (N = {self._total:,} pages, an option)"


class SerpApiBackend(_SearchEngine):
    name = "serpapi"
    service = "SerpApi"
    key_variable = "SERPAPI_API_KEY"
    default_url = "https://serpapi.com"
    url_variable = "SANITIZER_SERPAPI_URL"
    default_total = 11e9
    path = "/search.json"

    def _params(self, query: str) -> dict[str, str]:
        return {"engine": "google", "q": query, "api_key": self._key}

    @staticmethod
    def _classify(payload: Any) -> Optional[tuple[str, str]]:
        if not isinstance(payload, dict):
            return ("retry", "answered JSON that is not an object")
        error = str(payload.get("error", ""))
        if error:
            if "run out of searches" in error.lower() or "exhausted" in error.lower() or "limit" in error.lower():
                return ("quota", "the account's searches are spent")
            if "hasn't returned any results" in error.lower():
                return None  # a phrase with no hit: count 0
            if any(word in error.lower() for word in ("try again", "internal", "timeout", "temporar")):
                return ("retry", "reported a server error")
            return ("fatal", "refused the request (check SERPAPI_API_KEY)")
        return None

    @staticmethod
    def _hits(payload: dict) -> int:
        return int(payload.get("search_information", {}).get("total_results") or 0)


class MojeekBackend(_SearchEngine):
    name = "mojeek"
    service = "Mojeek"
    key_variable = "MOJEEK_API_KEY"
    default_url = "https://www.mojeek.com"
    url_variable = "SANITIZER_MOJEEK_URL"
    default_total = 8e9
    path = "/search"

    def _params(self, query: str) -> dict[str, str]:
        return {"q": query, "fmt": "json", "api_key": self._key}

    @staticmethod
    def _classify(payload: Any) -> Optional[tuple[str, str]]:
        try:
            status = str(payload["response"]["status"])
            payload["response"]["head"]
        except (KeyError, TypeError):
            return ("retry", "answered without a response head")
        if status.upper().startswith("ERROR"):
            if "limit" in status.lower():
                return ("quota", "the key's daily limit is reached")
            return ("fatal", "refused the request (check MOJEEK_API_KEY)")
        return None

    @staticmethod
    def _hits(payload: dict) -> int:
        return int(payload["response"]["head"].get("results") or 0)


def _missing(variable: str) -> Callable[[], Optional[str]]:
    return lambda: None if os.environ.get(variable) else f"set the API key in {variable}"


for _backend, _summary in (
    (SerpApiBackend, "Google page counts through SerpApi (key; web: needs --allow-web)"),
    (MojeekBackend, "Mojeek page counts (key; web: needs --allow-web)"),
):
    register(
        BackendEntry(
            name=_backend.name,
            factory=_backend,
            summary=_summary,
            argument=None,
            missing=_missing(_backend.key_variable),
            optional_argument="total=PAGES",
        )
    )
