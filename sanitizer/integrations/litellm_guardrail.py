"""The privacy proxy as a LiteLLM guardrail (the ``litellm`` extra): in a LiteLLM proxy's
config,

    guardrails:
      - guardrail_name: ic-sanitizer
        litellm_params:
          guardrail: ic_sanitizer.integrations.litellm_guardrail.SanitizerGuardrail
          mode: [pre_call, post_call]
          default_on: true

Before the call, every message (or the prompt) is sanitized as one text, as `sanitizer
proxy` does (proxy/conversation.py); after it, the originals are put back in the answer,
streamed answers as they stream (proxy/restoring.py). The mapping of a call is held in
this object's memory, by the call's id, until its answer is restored (at most the last
``keep`` calls: a call whose answer never comes is forgotten). Nothing is written or logged.

Importing LiteLLM fetches its model price list from GitHub unless
``LITELLM_LOCAL_MODEL_COST_MAP`` is set: this module sets it (to its local copy) when the
process has not imported LiteLLM yet; a LiteLLM proxy that has should set it itself.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections import OrderedDict
from typing import Any, AsyncGenerator, Optional

os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")

from litellm.integrations.custom_guardrail import CustomGuardrail  # noqa: E402

from ..errors import ConfigurationError  # noqa: E402
from ..pipeline import Sanitizer  # noqa: E402
from ..proxy.conversation import sanitized_request  # noqa: E402
from ..proxy.restoring import RESTORABLE_MODES, Restorer  # noqa: E402
from ..redaction import Mode  # noqa: E402
from ..settings import Settings  # noqa: E402


class SanitizerGuardrail(CustomGuardrail):
    """Pseudonymize the request, restore the answer. ``policy``, ``mode`` (``pseudonym``
    by default: the model reads names; ``tag``) and ``countries`` are the engine's; or give
    whole ``settings``."""

    def __init__(
        self,
        policy: str = "default",
        mode: str = "pseudonym",
        countries: Optional[list[str]] = None,
        settings: Optional[Settings] = None,
        keep: int = 10_000,
        **kwargs: Any,
    ) -> None:
        super().__init__(**kwargs)
        chosen = settings or Settings(policy=policy, mode=mode, countries=countries, workers=1)
        if (chosen.mode or Mode.TAG) not in RESTORABLE_MODES:
            raise ConfigurationError("the guardrail's mode must be pseudonym, tag or hash: it puts the originals back")
        self._sanitizer = Sanitizer(chosen)
        self._engine_lock = threading.Lock()
        self._originals: OrderedDict[str, dict[str, str]] = OrderedDict()
        self._keep = keep

    def close(self) -> None:
        self._sanitizer.close()

    def _sanitized(self, data: dict[str, Any], chat: bool) -> tuple[dict[str, Any], dict[str, str]]:
        # only the texts' field: LiteLLM's request holds objects (its logging, clients) that are no JSON
        field = "messages" if chat else "prompt"
        with self._engine_lock:
            return sanitized_request(self._sanitizer, {field: data[field]}, chat)

    async def async_pre_call_hook(
        self, user_api_key_dict: Any, cache: Any, data: dict[str, Any], call_type: Any
    ) -> dict[str, Any]:
        chat = "messages" in data
        if not chat and "prompt" not in data:
            return data
        sent, originals = await asyncio.to_thread(self._sanitized, data, chat)
        field = "messages" if chat else "prompt"
        data[field] = sent[field]
        self._originals[_call_id(data)] = originals
        while len(self._originals) > self._keep:
            self._originals.popitem(last=False)
        return data

    async def async_post_call_success_hook(self, data: dict[str, Any], user_api_key_dict: Any, response: Any) -> Any:
        restorer = Restorer(self._originals.pop(_call_id(data), {}))
        for choice in getattr(response, "choices", None) or []:
            message = getattr(choice, "message", None)
            if message is not None and isinstance(getattr(message, "content", None), str):
                message.content = restorer.restored(message.content)
            elif isinstance(getattr(choice, "text", None), str):
                choice.text = restorer.restored(choice.text)
        return response

    async def async_post_call_streaming_iterator_hook(
        self, user_api_key_dict: Any, response: Any, request_data: dict[str, Any]
    ) -> AsyncGenerator[Any, None]:
        """Each chunk with its text restored as it streams; a chunk is let out when the next
        comes, so that what a choice held back at the end goes into the last one."""
        originals = self._originals.pop(_call_id(request_data), {})
        restorers: dict[int, Restorer] = {}
        previous = None
        async for chunk in response:
            for choice in getattr(chunk, "choices", None) or []:
                restorer = restorers.setdefault(getattr(choice, "index", 0), Restorer(originals))
                delta = getattr(choice, "delta", None)
                text = getattr(delta, "content", None) if delta is not None else None
                out = restorer.feed(text or "")
                if getattr(choice, "finish_reason", None):
                    out += restorer.flush()
                if delta is not None and (text is not None or out):
                    delta.content = out
            if previous is not None:
                yield previous
            previous = chunk
        if previous is not None:
            for choice in getattr(previous, "choices", None) or []:
                last = restorers.get(getattr(choice, "index", 0))
                held = last.flush() if last is not None else ""
                if held and getattr(choice, "delta", None) is not None:
                    choice.delta.content = (choice.delta.content or "") + held
            yield previous


def _call_id(data: dict[str, Any]) -> str:
    """The call's id, which LiteLLM gives every request (the request's identity otherwise)."""
    return str(data.get("litellm_call_id") or id(data))
