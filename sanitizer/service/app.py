"""The HTTP service of `sanitizer serve`: the engine behind Presidio's doors and its own.

FastAPI, for three reasons measured against a hand-written server: the request models
give an OpenAPI description (``/openapi.json``) that clients generate code from; a bad
request is answered 422 with the field named, before the engine sees it; and it runs on
uvicorn, whose ``limit_concurrency`` answers 503 when too many requests are in flight, so
overload is an answer, never a crash. The interactive pages (/docs, /redoc) are off: they
load scripts from a CDN, and nothing here reaches off the machine.

One engine is opened per process and shared by every request; requests run in worker
threads and take the engine one at a time (it is not safe across threads), so a request
waits, bounded by the concurrency limit, instead of failing. Bodies above ``max_body``
bytes are refused (413) before they are read, by their Content-Length (a body without
one is refused, 411). With a token, every request but /health
needs ``Authorization: Bearer TOKEN``. Errors never quote a document: the engine's
messages name parameters, and anything unexpected is answered "internal error".
"""

from __future__ import annotations

import hmac
import threading
from typing import Any, Awaitable, Callable, Optional, Union

from fastapi import Depends, FastAPI, Header, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..errors import InputError, SanitizerError
from ..pipeline import Sanitizer
from ..report import document_report
from ..terms import every_kind
from .documents import sanitize_document
from .presidio import analyzer_results, anonymize, deanonymize, entity_type_of, supported_entities
from .presidio_analysis import ad_hoc_results, with_context

HEALTH_MESSAGE = "ic-sanitizer service is up"


class SanitizeRequest(BaseModel):
    text: Optional[str] = Field(default=None, description="The document's text (or give `document`).")
    document: Optional[str] = Field(
        default=None,
        description="A whole file, base64: Word, PDF, JSON, JSONL, CSV, TSV "
        "or text; it comes back sanitized, as `sanitize` writes it.",
    )
    filename: Optional[str] = Field(default=None, description="The file's name, whose extension tells JSON and CSV.")
    fields: list[str] = Field(
        default_factory=list, description="For JSON and CSV: the fields to sanitize (default text)."
    )
    protect: list[str] = Field(default_factory=list, description="Names to hide wherever they occur, and S2's sources.")
    report: bool = Field(default=False, description="Add the decision report (it holds the sensitive terms).")


class AnalyzeRequest(BaseModel):
    """Presidio's analyzer request, every field of it (service/presidio_analysis.py)."""

    text: Union[str, list[str]]
    language: str = "en"
    entities: Optional[list[str]] = None
    score_threshold: Optional[float] = None
    return_decision_process: bool = False
    allow_list: list[str] = Field(default_factory=list)
    allow_list_match: str = Field(default="exact", description="exact (phrases) or regex (patterns).")
    regex_flags: Optional[int] = Field(default=None, description="For regex: Python's re flags (default 26).")
    ad_hoc_recognizers: list[dict[str, Any]] = Field(
        default_factory=list, description="Presidio's pattern and deny-list recognizers, as JSON."
    )
    context: list[str] = Field(default_factory=list, description="Words that raise a nearby result's score.")
    correlation_id: Optional[str] = None


class AnalyzerResult(BaseModel):
    entity_type: str
    start: int
    end: int
    score: float = 1.0


class DeanonymizeRequest(BaseModel):
    """Presidio's deanonymizer request: an anonymized text, its items, ``decrypt`` per entity type."""

    text: str
    anonymizer_results: list[AnalyzerResult]
    deanonymizers: dict[str, dict[str, Any]] = Field(default_factory=dict)


class AnonymizeRequest(BaseModel):
    """Presidio's anonymizer request: a text, analyzer results, an operator per entity type."""

    text: str
    analyzer_results: list[AnalyzerResult]
    anonymizers: dict[str, dict[str, Any]] = Field(default_factory=dict)


#: what the routes run: texts (names to protect, their language) in, results out, one request at a time
Run = Callable[[list[str], Optional[list[str]], Optional[str]], list[Any]]


def create_app(sanitizer: Sanitizer, token: Optional[str] = None, max_body: int = 10_000_000) -> FastAPI:
    """The service over an open ``sanitizer`` (the caller closes it)."""
    app = FastAPI(title="ic-sanitizer", description=__doc__, docs_url=None, redoc_url=None)
    engine_lock = threading.Lock()
    app.middleware("http")(body_limit(max_body))

    def authorized(authorization: Optional[str] = Header(default=None)) -> None:
        # as bytes: compare_digest refuses str with characters outside ASCII, which a header may hold
        given = (authorization or "").encode("utf-8", "surrogateescape")
        if token is not None and not hmac.compare_digest(given, f"Bearer {token}".encode("utf-8")):
            raise HTTPException(status_code=401, detail="a bearer token is needed")

    def run(texts: list[str], protect: Optional[list[str]], language: Optional[str]) -> list[Any]:
        with engine_lock:
            engine = sanitizer if language is None else sanitizer.in_language(language)
            # the results come lazily: every one is made while the engine is held
            return list(engine.sanitize_many(texts, protect=[protect or [] for _ in texts], refuse_batch=True))

    _answer_errors(app)
    _own_routes(app, run, [Depends(authorized)], max_body)
    _presidio_routes(app, run, [Depends(authorized)])
    return app


def _answer_errors(app: FastAPI) -> None:
    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        return JSONResponse({"error": str(exc.detail)}, status_code=exc.status_code)

    @app.exception_handler(RequestValidationError)
    async def bad_request(_: Request, exc: RequestValidationError) -> JSONResponse:
        # FastAPI's own answer echoes the request's values, the document among them: only say where and what
        fields = [{"loc": list(error.get("loc", ())), "msg": error.get("msg", "")} for error in exc.errors()]
        return JSONResponse(
            {"error": "the request does not have the expected shape", "fields": fields}, status_code=422
        )

    @app.exception_handler(SanitizerError)
    async def engine_error(_: Request, exc: SanitizerError) -> JSONResponse:
        return JSONResponse({"error": str(exc)}, status_code=422)

    @app.exception_handler(Exception)
    async def internal_error(_: Request, exc: Exception) -> JSONResponse:
        return JSONResponse({"error": f"internal error ({type(exc).__name__})"}, status_code=500)


def _own_routes(app: FastAPI, run: Run, guarded: list[Any], max_body: int) -> None:
    @app.get("/health", response_class=PlainTextResponse)
    def health() -> str:
        return HEALTH_MESSAGE

    @app.get("/kinds", dependencies=guarded)
    def kinds() -> list[dict[str, str]]:
        """The engine's kinds of term and the Presidio entity type each is answered as."""
        return [{"kind": kind.value, "entity_type": entity_type_of(kind)} for kind in every_kind()]

    @app.post("/sanitize", dependencies=guarded)
    def sanitize(request: SanitizeRequest) -> dict[str, Any]:
        """The sanitized text, each replacement (offsets into the input), and on request the
        report; or, for a `document`, the sanitized document."""
        if (request.text is None) == (request.document is None):
            raise InputError("give `text` or `document`, one of them")
        if request.document is not None:
            return sanitize_document(request.document, request.filename, request.fields, max_body, run)
        assert request.text is not None
        (result,) = run([request.text], request.protect, None)
        answer: dict[str, Any] = {
            "text": result.text,
            "mode": result.mode.value,
            "replacements": [
                {"start": r.start, "end": r.end, "kind": r.kind.value, "replacement": r.replacement}
                for r in result.replacements
            ],
        }
        if request.report:
            answer["report"] = document_report("request", request.text, result)
        return answer


def _presidio_routes(app: FastAPI, run: Run, guarded: list[Any]) -> None:
    @app.get("/supportedentities", dependencies=guarded)
    def entities(language: str = "en") -> list[str]:
        return supported_entities()

    @app.post("/analyze", dependencies=guarded)
    def analyze(request: AnalyzeRequest) -> Any:
        """Presidio's /analyze: the spans the engine removes, scored and explained from its
        decisions, with the request's ad-hoc recognizers' (a list of lists for a list of texts)."""
        texts = request.text if isinstance(request.text, list) else [request.text]
        answers = [analyzed(text, result, request) for text, result in zip(texts, run(texts, None, request.language))]
        return answers if isinstance(request.text, list) else answers[0]

    @app.post("/anonymize", dependencies=guarded)
    def anonymize_text(request: AnonymizeRequest) -> dict[str, Any]:
        """Presidio's /anonymize: the given results replaced by their entity type's operator."""
        return anonymize(request.text, [r.model_dump() for r in request.analyzer_results], request.anonymizers)

    @app.post("/deanonymize", dependencies=guarded)
    def deanonymize_text(request: DeanonymizeRequest) -> dict[str, Any]:
        """Presidio's /deanonymize: each encrypted span decrypted with its key."""
        return deanonymize(request.text, [r.model_dump() for r in request.anonymizer_results], request.deanonymizers)


def analyzed(text: str, result: Any, request: AnalyzeRequest) -> list[dict[str, Any]]:
    """One text's answer to /analyze: the engine's results and the ad-hoc recognizers', in
    text order, raised by the context words, at or above the score threshold."""
    explain = request.return_decision_process
    found = analyzer_results(
        result, request.entities, request.allow_list, explain, text, request.allow_list_match, request.regex_flags
    )
    found += ad_hoc_results(text, request.ad_hoc_recognizers, request.entities, explain)
    with_context(found, text, request.context)
    threshold = request.score_threshold or 0.0
    return sorted((r for r in found if r["score"] >= threshold), key=lambda r: (r["start"], -r["end"]))


def body_limit(max_body: int) -> Callable[[Request, Callable[[Request], Awaitable[Any]]], Awaitable[Any]]:
    """A middleware refusing bodies above ``max_body`` bytes (413), and bodies of unknown length (411)."""

    async def limit(request: Request, call_next: Callable[[Request], Awaitable[Any]]) -> Any:
        declared = request.headers.get("content-length")
        if declared is not None and declared.isdigit() and int(declared) > max_body:
            return JSONResponse({"error": f"the body is larger than {max_body} bytes"}, status_code=413)
        if declared is None and request.method == "POST":  # a chunked body could not be bounded before reading
            return JSONResponse({"error": "a request body needs a Content-Length"}, status_code=411)
        return await call_next(request)

    return limit
