"""`sanitizer proxy` against a fake OpenAI-compatible model on loopback: the model receives
the engine's sanitized text and nothing else of it, and its answers come back with the
originals, streamed or not; an upstream that is down is one error."""

from __future__ import annotations

import json
import re
import socket

import pytest
import requests

pytest.importorskip("fastapi")
uvicorn = pytest.importorskip("uvicorn")

from fastapi import FastAPI, Request  # noqa: E402
from fastapi.responses import StreamingResponse  # noqa: E402

from ic_sanitizer import Sanitizer, Settings  # noqa: E402
from ic_sanitizer.proxy import create_proxy  # noqa: E402
from ic_sanitizer.proxy.restoring import Restorer  # noqa: E402
from ic_sanitizer.restore import replaced_values  # noqa: E402
from tests.conftest import NEEDS_FAKER, TAB_DIR, shared_data  # noqa: E402
from tests.sanitizer.loopback import serving_app as serving  # noqa: E402

ECHO = "You said: "


def fake_model(received: list) -> FastAPI:
    """An OpenAI-compatible model that echoes the last message (or the prompt) after ECHO,
    streamed three characters a chunk when asked; it keeps every body it receives."""
    model = FastAPI()

    async def answer(request: Request, chat: bool):
        body = await request.json()
        received.append(body)
        said = body["messages"][-1]["content"] if chat else body["prompt"]
        if isinstance(said, list):  # a message of parts
            said = "".join(part["text"] for part in said)
        text = ECHO + said
        if not body.get("stream"):
            choice = (
                {"index": 0, "message": {"role": "assistant", "content": text}} if chat else {"index": 0, "text": text}
            )
            return {
                "id": "x",
                "object": "chat.completion",
                "model": "fake",
                "choices": [{**choice, "finish_reason": "stop"}],
            }

        def events():
            for start in range(0, len(text), 3):
                piece = text[start : start + 3]
                choice = {"index": 0, "delta": {"content": piece}} if chat else {"index": 0, "text": piece}
                yield f"data: {json.dumps({'id': 'x', 'model': 'fake', 'choices': [{**choice, 'finish_reason': None}]})}\n\n"
            yield "data: [DONE]\n\n"

        return StreamingResponse(events(), media_type="text/event-stream")

    @model.post("/v1/chat/completions")
    async def chat(request: Request):
        return await answer(request, True)

    @model.post("/v1/completions")
    async def completion(request: Request):
        return await answer(request, False)

    return model


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    with Sanitizer(Settings(cache_dir=tmp_path_factory.mktemp("proxy-cache"), workers=1, mode="tag")) as sanitizer:
        yield sanitizer


@pytest.fixture(scope="module")
def upstream():
    received: list = []
    with serving(fake_model(received)) as base:
        yield f"{base}/v1", received


@pytest.fixture(scope="module")
def proxy(engine, upstream):
    with serving(create_proxy(engine, upstream[0])) as base:
        yield f"{base}/v1"


def _paragraphs(count: int) -> list[str]:
    """Paragraphs of TAB's judgments of some length, in order (real names, dates and codes)."""
    texts = json.loads(shared_data(TAB_DIR / "texts.json").read_text(encoding="utf-8"))
    found = []
    for doc_id in sorted(texts):
        found += [p.strip() for p in texts[doc_id].split("\n") if 200 <= len(p.strip()) <= 600]
    return found[:: max(1, len(found) // count)][:count]


def _chat(proxy: str, text: str, stream: bool) -> str:
    body = {"model": "fake", "messages": [{"role": "user", "content": text}], "stream": stream}
    answer = requests.post(f"{proxy}/chat/completions", json=body, stream=stream, timeout=120)
    assert answer.status_code == 200, answer.text
    if not stream:
        return answer.json()["choices"][0]["message"]["content"]
    pieces = []
    for line in answer.iter_lines():
        data = line.decode("utf-8")[len("data: ") :] if line else ""
        if data and data != "[DONE]":
            pieces += [c["delta"].get("content", "") for c in json.loads(data)["choices"]]
    return "".join(pieces)


def test_across_200_judgment_paragraphs_the_model_gets_only_the_sanitized_text_and_answers_come_back_whole(
    engine, upstream, proxy
):
    _, received = upstream
    paragraphs = _paragraphs(200)
    assert len(paragraphs) == 200
    for number, text in enumerate(paragraphs):
        stream = number % 2 == 1
        result = engine.sanitize(text)
        before = len(received)
        answer = _chat(proxy, text, stream)
        sent = received[before]["messages"][0]["content"]
        assert sent == result.text and len(received) == before + 1
        protected = [text[r.start : r.end] for r in result.replacements if r.kind.value in ("person", "date", "code")]
        assert not [p for p in protected if p not in result.text and p in sent]
        originals = replaced_values(text, result)
        assert answer == ECHO + Restorer(originals).restored(result.text)
        assert not [value for value in originals if value in answer], "a placeholder came back"


def test_a_person_named_in_two_messages_is_one_placeholder_and_the_answer_names_them(upstream, proxy):
    _, received = upstream
    body = {
        "model": "fake",
        "messages": [
            {"role": "system", "content": "You help a court clerk."},
            {"role": "user", "content": "Mr Jan Kowalski was born on 3 May 1970 in Warsaw."},
            {"role": "user", "content": [{"type": "text", "text": "Summarise what Mr Jan Kowalski did."}]},
        ],
    }
    answer = requests.post(f"{proxy}/chat/completions", json=body, timeout=60).json()
    sent = received[-1]["messages"]
    assert "Kowalski" not in json.dumps(sent) and "1970" not in json.dumps(sent)
    first = re.search(r"\[PERSON-\d+\]", sent[1]["content"]).group()
    assert first in sent[2]["content"][0]["text"]
    assert answer["choices"][0]["message"]["content"] == ECHO + "Summarise what Mr Jan Kowalski did."


def test_a_completion_prompt_is_sanitized_and_restored_streamed_too(upstream, proxy):
    _, received = upstream
    for stream in (False, True):
        body = {"model": "fake", "prompt": "Write to Ms Anna Nowak in Krakow.", "stream": stream}
        answer = requests.post(f"{proxy}/completions", json=body, stream=stream, timeout=60)
        assert "Nowak" not in received[-1]["prompt"]
        if stream:
            lines = [line.decode()[6:] for line in answer.iter_lines() if line and line != b"data: [DONE]"]
            text = "".join(c["text"] for line in lines for c in json.loads(line)["choices"])
        else:
            text = answer.json()["choices"][0]["text"]
        assert text == ECHO + "Write to Ms Anna Nowak in Krakow."


def test_restoring_a_stream_never_lets_out_half_a_placeholder():
    restorer = Restorer({"[PERSON-1]": "Jan Kowalski", "[PERSON-12]": "Anna Nowak"})
    text = "Ask [PERSON-1] and [PERSON-12] about [PERSON-1]'s file [PERSON-"
    out = "".join(restorer.feed(text[i : i + 2]) for i in range(0, len(text), 2)) + restorer.flush()
    assert out == "Ask Jan Kowalski and Anna Nowak about Jan Kowalski's file [PERSON-"


def test_an_upstream_that_is_down_is_one_clear_error_without_the_text(engine):
    closed = socket.socket()
    closed.bind(("127.0.0.1", 0))
    port = closed.getsockname()[1]
    closed.close()  # nothing listens there now
    with serving(create_proxy(engine, f"http://127.0.0.1:{port}/v1")) as base:
        text = "Mr Jan Kowalski lives in Warsaw."
        answer = requests.post(
            f"{base}/v1/chat/completions", json={"messages": [{"role": "user", "content": text}]}, timeout=60
        )
    message = answer.json()["error"]["message"]
    assert answer.status_code == 502 and "cannot be reached" in message and "Kowalski" not in answer.text
    assert "\n" not in message


def test_a_request_without_messages_is_refused_before_anything_is_sent(upstream, proxy):
    _, received = upstream
    before = len(received)
    answer = requests.post(f"{proxy}/chat/completions", json={"model": "fake", "messages": "hello"}, timeout=60)
    assert answer.status_code == 422 and "`messages`" in answer.json()["error"]["message"] and len(received) == before


@NEEDS_FAKER
def test_in_pseudonym_mode_the_model_reads_fake_names_and_the_answer_the_real_ones(upstream, tmp_path):
    _, received = upstream
    with Sanitizer(Settings(cache_dir=tmp_path, workers=1, mode="pseudonym")) as engine:
        with serving(create_proxy(engine, upstream[0])) as base:
            text = "Mr Jan Kowalski met Dr Anna Nowak in Warsaw on 3 May 1970."
            for stream in (False, True):
                answer = _chat(f"{base}/v1", text, stream)
                sent = received[-1]["messages"][0]["content"]
                assert "Kowalski" not in sent and "Nowak" not in sent and "[" not in sent
                assert "Kowalski" in answer and "Nowak" in answer


def test_the_command_refuses_an_upstream_that_is_no_http_url_in_one_line():
    from typer.testing import CliRunner

    from ic_sanitizer.cli.app import app

    result = CliRunner().invoke(app, ["proxy", "--upstream", "ftp://example.org/v1"])
    assert result.exit_code != 0 and result.stderr.strip() == "error: --upstream must be an http:// or https:// URL"
    redacting = CliRunner().invoke(app, ["proxy", "--upstream", "http://127.0.0.1:9/v1", "--mode", "redact"])
    assert redacting.exit_code != 0 and "--mode must be pseudonym, tag or hash" in redacting.stderr


def test_an_upstream_that_redirects_is_not_followed(engine, upstream):
    from fastapi.responses import RedirectResponse

    _, received = upstream
    redirecting = FastAPI()

    @redirecting.post("/v1/chat/completions")
    async def elsewhere():
        return RedirectResponse(f"{upstream[0]}/chat/completions", status_code=307)

    before = len(received)
    with serving(redirecting) as base, serving(create_proxy(engine, f"{base}/v1")) as proxy:
        body = {"messages": [{"role": "user", "content": "Mr Jan Kowalski lives in Warsaw."}]}
        answer = requests.post(f"{proxy}/v1/chat/completions", json=body, timeout=60)
    assert answer.status_code == 502 and "redirected" in answer.json()["error"]["message"]
    assert len(received) == before  # the model behind the redirect got nothing
