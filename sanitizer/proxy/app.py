"""The proxy's HTTP side: OpenAI-compatible routes in, the upstream called with the
sanitized request, its answer restored (see the package's docstring).

Requests run in worker threads and take the engine one at a time, as the service's do
(service/app.py). Nothing is logged of a request; an error names no text of it.
"""

from __future__ import annotations

import json
import threading
from typing import Annotated, Any, Iterator, Optional

import requests
from fastapi import Body, FastAPI, Header
from fastapi.responses import JSONResponse, PlainTextResponse, Response, StreamingResponse

from ..errors import InputError
from ..pipeline import Sanitizer
from ..service.app import body_limit
from .conversation import sanitized_request
from .restoring import Restorer

HEALTH_MESSAGE = "ic-sanitizer proxy is up"
#: the caller's key for the upstream, passed on as it came
Authorization = Annotated[Optional[str], Header()]


def create_proxy(sanitizer: Sanitizer, upstream: str, timeout: float = 300.0, max_body: int = 10_000_000) -> FastAPI:
    """The proxy over an open ``sanitizer`` (the caller closes it), in front of ``upstream``
    (the base URL the OpenAI paths are appended to: "http://127.0.0.1:8080/v1")."""
    app = FastAPI(title="ic-sanitizer proxy", docs_url=None, redoc_url=None)
    app.middleware("http")(body_limit(max_body))
    engine_lock = threading.Lock()
    session = requests.Session()
    session.trust_env = False  # the URL the user gave, and no proxy or .netrc of the environment
    base = upstream.rstrip("/")

    def relay(body: dict[str, Any], authorization: Optional[str], path: str, chat: bool) -> Response:
        try:
            with engine_lock:
                sent, originals = sanitized_request(sanitizer, body, chat)
        except InputError as exc:
            return _error(422, str(exc))
        headers = {"Content-Type": "application/json"}
        if authorization:  # the caller's key for the upstream, passed on as it came
            headers["Authorization"] = authorization
        streamed = bool(sent.get("stream"))
        try:
            answer = session.post(
                f"{base}{path}", json=sent, headers=headers, stream=streamed, timeout=timeout, allow_redirects=False
            )
        except requests.Timeout:
            return _error(504, f"the upstream {base} did not answer within {timeout:g} s")
        except requests.RequestException:
            return _error(502, f"the upstream {base} cannot be reached (connection refused or no route)")
        if answer.is_redirect:  # followed, the request would go where the user did not send it
            answer.close()
            return _error(502, f"the upstream {base} redirected the request elsewhere; it was not followed")
        if answer.status_code >= 400:  # its error can only quote the sanitized request
            content = answer.content
            answer.close()
            return Response(content, answer.status_code, media_type=answer.headers.get("content-type"))
        if streamed:
            return StreamingResponse(_restored_events(answer, originals, chat), media_type="text/event-stream")
        try:
            payload = answer.json()
        except ValueError:
            return _error(502, f"the upstream {base} answered something other than JSON")
        restorer = Restorer(originals)
        for choice in payload.get("choices", []) if isinstance(payload, dict) else []:
            _set_text(choice, chat, restorer.restored(_text(choice, chat) or ""))
        return JSONResponse(payload)

    @app.get("/health", response_class=PlainTextResponse)
    def health() -> str:
        return HEALTH_MESSAGE

    @app.post("/v1/chat/completions")
    def chat_completions(body: Annotated[dict[str, Any], Body()], authorization: Authorization = None) -> Response:
        return relay(body, authorization, "/chat/completions", chat=True)

    @app.post("/v1/completions")
    def completions(body: Annotated[dict[str, Any], Body()], authorization: Authorization = None) -> Response:
        return relay(body, authorization, "/completions", chat=False)

    return app


def _error(status: int, message: str) -> JSONResponse:
    """An error in OpenAI's shape, so that a client shows its message."""
    return JSONResponse({"error": {"message": message, "type": "proxy_error"}}, status_code=status)


def _text(choice: Any, chat: bool) -> Optional[str]:
    """A choice's text: a chat's message or delta content, a completion's text."""
    if not isinstance(choice, dict):
        return None
    holder = choice.get("message") or choice.get("delta") if chat else choice
    value = holder.get("content" if chat else "text") if isinstance(holder, dict) else None
    return value if isinstance(value, str) else None


def _set_text(choice: Any, chat: bool, text: str) -> None:
    if not isinstance(choice, dict):
        return
    if not chat:
        choice["text"] = text
        return
    holder = choice.get("message") if isinstance(choice.get("message"), dict) else choice.setdefault("delta", {})
    if isinstance(holder, dict) and (text or holder.get("content") is not None):
        holder["content"] = text


def _restored_events(answer: requests.Response, originals: dict[str, str], chat: bool) -> Iterator[str]:
    """The upstream's server-sent events with each choice's text restored as it streams; what
    a choice held back is let out with its finish_reason, or before [DONE]."""
    restorers: dict[Any, Restorer] = {}
    last: Optional[dict[str, Any]] = None
    try:
        for raw in answer.iter_lines(chunk_size=None):
            line = raw.decode("utf-8", "replace")
            if not line.startswith("data:"):
                if line:
                    yield f"{line}\n\n"
                continue
            data = line[len("data:") :].strip()
            if data == "[DONE]":
                rest = _rest_chunk(last, restorers, chat)
                if rest is not None:
                    yield f"data: {json.dumps(rest, ensure_ascii=False)}\n\n"
                yield "data: [DONE]\n\n"
                continue
            chunk = json.loads(data)
            for choice in chunk.get("choices", []) if isinstance(chunk, dict) else []:
                restorer = restorers.setdefault(choice.get("index", 0), Restorer(originals))
                out = restorer.feed(_text(choice, chat) or "")
                if choice.get("finish_reason"):
                    out += restorer.flush()
                _set_text(choice, chat, out)
            last = chunk if isinstance(chunk, dict) else last
            yield f"data: {json.dumps(chunk, ensure_ascii=False)}\n\n"
    except (requests.RequestException, ValueError):
        yield f"data: {json.dumps({'error': {'message': 'the upstream broke off its answer', 'type': 'proxy_error'}})}\n\n"
    finally:
        answer.close()


def _rest_chunk(last: Optional[dict[str, Any]], restorers: dict[Any, Restorer], chat: bool) -> Optional[dict[str, Any]]:
    """A last chunk holding what the choices held back, when any did (None otherwise)."""
    held = {index: restorer.flush() for index, restorer in restorers.items()}
    choices = [
        {"index": index, **({"delta": {"content": text}} if chat else {"text": text}), "finish_reason": None}
        for index, text in held.items()
        if text
    ]
    if not choices:
        return None
    head: dict[str, Any] = {key: last[key] for key in ("id", "object", "created", "model") if last and key in last}
    return {**head, "choices": choices}
