"""JSON lines and TAB-style JSON: string values located in the raw text and replaced
there, so that everything else (other keys, their order, spacing, escapes, numbers as
written, blank lines, line endings) stays byte for byte as it was. A sanitized value is
written by ``json.dumps``: non-ASCII characters as they are, unless the original value
was written with \\u escapes and nothing else outside ASCII, then escaped again.

Shapes: ``.jsonl``, one object a line, the ``--field`` values sanitized (``text`` when
none is given); ``.json``, TAB's two shapes: ``{doc_id: text}`` (every value sanitized)
or a list of objects whose ``--field`` values (``text``) are.
"""

from __future__ import annotations

import json
import re
from typing import Iterator, Sequence

from ..errors import InputError
from .layout import Layout, Span, splice

DEFAULT_FIELDS = ("text",)
_DECODER = json.JSONDecoder()
_SPACE = re.compile(r"[ \t\n\r]*")
_LINE = re.compile(r"[^\n]*\n|[^\n]+")


def _skip(text: str, index: int) -> int:
    match = _SPACE.match(text, index)
    return match.end() if match else index


def _members(text: str, index: int) -> Iterator[tuple[str, object, Span]]:
    """The members of the object opening at ``index``: key, value and the value's span.
    Raises ValueError (json's) on malformed JSON."""
    if text[index:index + 1] != "{":
        raise ValueError("not an object")
    index = _skip(text, index + 1)
    if text[index:index + 1] == "}":
        return
    while True:
        key, index = _DECODER.raw_decode(text, index)
        index = _skip(text, index)
        if not isinstance(key, str) or text[index:index + 1] != ":":
            raise ValueError("not an object")
        start = _skip(text, index + 1)
        value, end = _DECODER.raw_decode(text, start)
        yield key, value, (start, end)
        index = _skip(text, end)
        if text[index:index + 1] == "}":
            return
        if text[index:index + 1] != ",":
            raise ValueError("not an object")
        index = _skip(text, index + 1)


def _elements(text: str, index: int) -> Iterator[int]:
    """Where each element of the array opening at ``index`` starts."""
    index = _skip(text, index + 1)
    if text[index:index + 1] == "]":
        return
    while True:
        yield index
        _, end = _DECODER.raw_decode(text, index)
        index = _skip(text, end)
        if text[index:index + 1] == "]":
            return
        if text[index:index + 1] != ",":
            raise ValueError("not an array")
        index = _skip(text, index + 1)


def _encode(original: str, value: str) -> str:
    escaped = original.isascii() and "\\u" in original
    return json.dumps(value, ensure_ascii=escaped)


def _layout(text: str, found: list[tuple[str, object, Span]], kind: str) -> Layout:
    """``found``: (label, value, span of the value's literal) of every text to sanitize."""
    spans = [span for _, _, span in found]
    originals = [text[start:end] for start, end in spans]

    def assemble(sanitized: Sequence[str]) -> str:
        return splice(text, spans, [_encode(o, s) for o, s in zip(originals, sanitized)])

    return Layout(tuple(str(v) for _, v, _ in found), tuple(label for label, _, _ in found), assemble, kind)


def _wanted(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def jsonl_layout(text: str, name: str, fields: Sequence[str]) -> Layout:
    fields = tuple(fields) or DEFAULT_FIELDS
    found: list[tuple[str, object, Span]] = []
    offset = 0
    for number, match in enumerate(_LINE.finditer(text), start=1):
        line = match.group()
        offset = match.start()
        if not line.strip():
            continue
        try:
            start = _skip(line, 0)
            members = list(_members(line, start))
            if line[_skip(line, _DECODER.raw_decode(line, start)[1]):].strip():
                raise ValueError("trailing data")
        except ValueError:
            raise InputError(f"{name}: line {number} is not a JSON object") from None
        found += [(f"line {number}, field {key}", value, (offset + s, offset + e))
                  for key, value, (s, e) in members if key in fields and _wanted(value)]
    if not found:
        raise InputError(f"{name}: no line has a non-empty text field {' or '.join(fields)} (choose them with --field)")
    return _layout(text, found, "jsonl")


def json_layout(text: str, name: str, fields: Sequence[str]) -> Layout:
    fields = tuple(fields) or DEFAULT_FIELDS
    start = _skip(text, 0)
    found: list[tuple[str, object, Span]] = []
    try:
        _, end = _DECODER.raw_decode(text, start)
        if text[end:].strip():
            raise ValueError("trailing data")
        if text[start:start + 1] == "{":
            found = [(f"document {key}", value, span) for key, value, span in _members(text, start) if _wanted(value)]
        elif text[start:start + 1] == "[":
            for number, element in enumerate(_elements(text, start), start=1):
                if text[element:element + 1] == "{":
                    found += [(f"item {number}, field {key}", value, span)
                              for key, value, span in _members(text, element) if key in fields and _wanted(value)]
    except ValueError:
        raise InputError(f"{name}: not valid JSON") from None
    if not found:
        raise InputError(f"{name}: neither {{doc_id: text}} nor a list of objects with a non-empty "
                         f"{' or '.join(fields)} field (choose fields with --field)")
    return _layout(text, found, "json")
