"""The proxy as a LiteLLM guardrail: LiteLLM's own request and response objects through its
hooks, as its proxy calls them (no model, no network)."""

from __future__ import annotations

import asyncio
import os
import threading

import pytest

from tests.conftest import needs

pytestmark = needs("litellm", "litellm")

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")  # LiteLLM fetches a price list at import otherwise

TEXT = "Mr Jan Kowalski met Dr Anna Nowak in Warsaw on 3 May 1970."


@pytest.fixture(scope="module")
def guardrail():
    from ic_sanitizer.integrations.litellm_guardrail import SanitizerGuardrail

    made = SanitizerGuardrail(mode="tag", guardrail_name="ic-sanitizer")
    yield made
    made.close()


def _request(call_id: str) -> dict:
    # LiteLLM's request carries objects that cannot be copied (a lock here stands for its logging object)
    unique = threading.Lock()
    return {
        "model": "fake",
        "litellm_call_id": call_id,
        "messages": [{"role": "user", "content": TEXT}],
        "lock": unique,
    }


def test_the_request_is_sanitized_and_the_answer_restored(guardrail):
    from litellm.types.utils import Choices, Message, ModelResponse

    data = asyncio.run(guardrail.async_pre_call_hook(None, None, _request("a"), "completion"))
    sent = data["messages"][0]["content"]
    assert "Kowalski" not in sent and "Nowak" not in sent and "[PERSON-1]" in sent
    answer = ModelResponse(
        choices=[Choices(index=0, message=Message(role="assistant", content=f"Noted: {sent}"), finish_reason="stop")]
    )
    restored = asyncio.run(guardrail.async_post_call_success_hook(data, None, answer))
    assert restored.choices[0].message.content == f"Noted: {TEXT}"


def test_a_streamed_answer_is_restored_as_it_streams(guardrail):
    from litellm.types.utils import Delta, ModelResponseStream, StreamingChoices

    data = asyncio.run(guardrail.async_pre_call_hook(None, None, _request("b"), "completion"))
    sent = data["messages"][0]["content"]

    async def chunks():
        for start in range(0, len(sent), 4):
            piece = sent[start : start + 4]
            yield ModelResponseStream(
                choices=[StreamingChoices(index=0, delta=Delta(content=piece), finish_reason=None)]
            )

    async def collect():
        out = []
        async for chunk in guardrail.async_post_call_streaming_iterator_hook(None, chunks(), data):
            out.append(chunk.choices[0].delta.content or "")
        return "".join(out)

    assert asyncio.run(collect()) == TEXT


def test_a_call_whose_answer_never_comes_is_forgotten():
    from ic_sanitizer.integrations.litellm_guardrail import SanitizerGuardrail

    small = SanitizerGuardrail(mode="tag", keep=2)
    try:
        for call in "xyz":
            asyncio.run(small.async_pre_call_hook(None, None, _request(call), "completion"))
        assert list(small._originals) == ["y", "z"]
    finally:
        small.close()
