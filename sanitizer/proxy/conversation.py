"""A request's texts, sanitized as one text: the messages of a chat (a string, or the text
parts of a list), a completion's prompt (a string or a list of them). One text, so that a
person named in two messages is one pseudonym in both; a message stays a message (the
texts are joined by a paragraph break, which no term spans: formats/sanitizing.py)."""

from __future__ import annotations

import copy
from typing import Any, MutableMapping, MutableSequence, Union

from ..documents import Document
from ..errors import InputError
from ..formats.layout import Layout
from ..formats.sanitizing import engine_pieces, results_per_piece, texts_to_sanitize
from ..pipeline import Sanitizer
from ..restore import replaced_values

#: where a text of a request is: its container and its key there
Slot = tuple[Union[MutableMapping[str, Any], MutableSequence[Any]], Any]


def _chat_slots(body: MutableMapping[str, Any]) -> list[Slot]:
    messages = body.get("messages")
    if not isinstance(messages, list) or not all(isinstance(m, dict) for m in messages):
        raise InputError("`messages` must be a list of objects")
    slots: list[Slot] = []
    for message in messages:
        content = message.get("content")
        if isinstance(content, str):
            slots.append((message, "content"))
        elif isinstance(content, list):
            slots += [
                (part, "text")
                for part in content
                if isinstance(part, dict) and part.get("type") == "text" and isinstance(part.get("text"), str)
            ]
    return slots


def _prompt_slots(body: MutableMapping[str, Any]) -> list[Slot]:
    prompt = body.get("prompt")
    if isinstance(prompt, str):
        return [(body, "prompt")]
    if isinstance(prompt, list) and all(isinstance(p, str) for p in prompt):
        return [(prompt, index) for index in range(len(prompt))]
    raise InputError("`prompt` must be a string or a list of strings")


def sanitized_request(
    engine: Sanitizer, body: MutableMapping[str, Any], chat: bool
) -> tuple[dict[str, Any], dict[str, str]]:
    """The request with its texts sanitized, and what each value written stands for."""
    sent = copy.deepcopy(dict(body))
    slots = _chat_slots(sent) if chat else _prompt_slots(sent)
    texts = tuple(str(container[key]) for container, key in slots)
    if not any(text.strip() for text in texts):
        return sent, {}
    layout = Layout(texts, tuple(f"text {n}" for n in range(1, len(texts) + 1)), lambda _: "", "request", one_text=True)
    document = Document("request", "", layout=layout)
    (result,) = engine.sanitize_many(texts_to_sanitize(document), refuse_batch=True)
    originals: dict[str, str] = {}
    for (container, key), piece, own in zip(slots, engine_pieces(document), results_per_piece(document, [result])):
        container[key] = own.text
        originals.update(replaced_values(piece, own))
    return sent, originals
