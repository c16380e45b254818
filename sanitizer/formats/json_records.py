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
from dataclasses import replace
from typing import Iterator, Optional, Sequence

from ..errors import InputError
from .layout import LEAKING, LEAKING_REMEDY, BadRecord, Layout, Span, rereadable, splice, subject_value

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
    if text[index : index + 1] != "{":
        raise ValueError("not an object")
    index = _skip(text, index + 1)
    if text[index : index + 1] == "}":
        return
    while True:
        key, index = _DECODER.raw_decode(text, index)
        index = _skip(text, index)
        if not isinstance(key, str) or text[index : index + 1] != ":":
            raise ValueError("not an object")
        start = _skip(text, index + 1)
        value, end = _DECODER.raw_decode(text, start)
        yield key, value, (start, end)
        after = _after_item(text, end, "}", "not an object")
        if after is None:
            return
        index = after


def _selected(
    text: str, members: list[tuple[str, object, Span]], fields: Sequence[str]
) -> list[tuple[str, object, Span]]:
    """The members a record's ``fields`` name: top-level keys, or dotted paths into nested
    objects ("meta.author"), a path through an array naming that member of each of its
    objects ("annotations.a.entity_mentions.span_text")."""
    if not any("." in field for field in fields):
        return [member for member in members if member[0] in fields]
    return [member for member in _paths(text, members) if member[0] in fields]


def _paths(text: str, members: list[tuple[str, object, Span]], prefix: str = "") -> Iterator[tuple[str, object, Span]]:
    """Every member of a record, nested ones too, by its dotted path (json's ValueError on malformed JSON)."""
    for key, value, (start, end) in members:
        path = f"{prefix}{key}"
        yield path, value, (start, end)
        if isinstance(value, dict):
            yield from _paths(text, list(_members(text, start)), f"{path}.")
        elif isinstance(value, list):
            for element in _elements(text, start):
                if text[element : element + 1] == "{":
                    yield from _paths(text, list(_members(text, element)), f"{path}.")


def _elements(text: str, index: int) -> Iterator[int]:
    """Where each element of the array opening at ``index`` starts."""
    index = _skip(text, index + 1)
    if text[index : index + 1] == "]":
        return
    while True:
        yield index
        _, end = _DECODER.raw_decode(text, index)
        after = _after_item(text, end, "]", "not an array")
        if after is None:
            return
        index = after


def _after_item(text: str, end: int, closing: str, malformed: str) -> int | None:
    """Where the next member or element starts after one that ends at ``end``; None when
    ``closing`` ends the object or array there (ValueError ``malformed`` on anything else)."""
    index = _skip(text, end)
    if text[index : index + 1] == closing:
        return None
    if text[index : index + 1] != ",":
        raise ValueError(malformed)
    return _skip(text, index + 1)


def _encode(original: str, value: str) -> str:
    escaped = original.isascii() and "\\u" in original
    return json.dumps(value, ensure_ascii=escaped)


#: a text to sanitize: its label, its value, the span of its literal, and whether the
#: span is written back as raw text (a bad record under BadRecord.TEXT) or as a JSON string
Found = tuple[str, object, Span, bool]


def _layout(text: str, found: list[Found], kind: str, removed: Sequence[Span] = (), removed_by: str = "") -> Layout:
    """``found``: every text to sanitize; ``removed``: spans replaced by ``removed_by``
    (bad records left out)."""
    spans = [span for _, _, span, _ in found]
    originals = [text[start:end] for start, end in spans]
    raw = [is_raw for _, _, _, is_raw in found]

    def assemble(sanitized: Sequence[str]) -> str:
        written = [s if is_raw else _encode(o, s) for o, s, is_raw in zip(originals, sanitized, raw)]
        edits = sorted([*zip(spans, written), *((span, removed_by) for span in removed)])
        return splice(text, [span for span, _ in edits], [value for _, value in edits])

    return Layout(tuple(str(v) for _, v, _, _ in found), tuple(label for label, _, _, _ in found), assemble, kind)


def _wanted(value: object) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _bad_field(members: Sequence[tuple[str, object, Span]], fields: Sequence[str]) -> str:
    """Why a record's fields hold no text as expected ("" when they do): a field missing,
    or one whose value is not a string (null is no text, and nothing to leak)."""
    present = {key: value for key, value, _ in members if key in fields}
    if not present:
        return f"has no field {' or '.join(fields)}"
    wrong = [key for key, value in present.items() if value is not None and not isinstance(value, str)]
    return f"its field {wrong[0]} is a {type(present[wrong[0]]).__name__}, not text" if wrong else ""


#: a bad record: where it is ("line 4"), why it is bad, its span, and the label of its piece
Bad = tuple[str, str, Span, str]


def _decide_bad(text: str, name: str, bad: Sequence[Bad], found: list[Found], on_bad: BadRecord) -> list[Span]:
    """Refuse the file for its first bad record, or add each as a text piece, or return
    their spans to leave out (BadRecord)."""
    if bad and on_bad is BadRecord.REFUSE:
        where, why, _, _ = bad[0]
        remedy = f", or {LEAKING_REMEDY}" if why == LEAKING else ""
        raise InputError(
            f"{name}: {where} {why}; nothing was written (`on_bad_record` skip or text decides such records{remedy})"
        )
    if on_bad is BadRecord.SKIP:
        return [span for _, _, span, _ in bad]
    found.extend((label, text[start:end], (start, end), True) for _, _, (start, end), label in bad)
    found.sort(key=lambda piece: piece[2])
    return []


def jsonl_layout(
    text: str,
    name: str,
    fields: Sequence[str],
    on_bad: BadRecord = BadRecord.REFUSE,
    subject_field: Optional[str] = None,
    first_line: int = 1,
    whole_file: bool = True,
    leaking: frozenset[int] = frozenset(),
) -> Layout:
    """A JSON object a line; ``first_line``: the number of the text's first line in its file,
    ``whole_file`` false for a part of it (a file read in parts, cli/stream_run.py: a part
    may have no text field where the file has some); ``leaking``: the numbers of lines whose
    other fields hold what their sanitized field lost (bad records, ``on_bad`` decides)."""
    fields = tuple(fields) or DEFAULT_FIELDS
    found: list[Found] = []
    #: each piece's record (its subject, its other fields' texts), by the piece's offset
    records: dict[int, _Record] = {}
    bad: list[Bad] = []
    with_field = False
    offset = 0
    for number, match in enumerate(_LINE.finditer(text), start=first_line):
        line = match.group()
        offset = match.start()
        if not line.strip():
            continue
        try:
            start = _skip(line, 0)
            members = list(_members(line, start))
            if line[_skip(line, _DECODER.raw_decode(line, start)[1]) :].strip():
                raise ValueError("trailing data")
        except (ValueError, RecursionError):  # json recurses into nested values
            raise InputError(f"{name}: line {number} is not a JSON object (malformed, or nested too deeply)") from None
        chosen = _selected(line, members, fields)
        with_field = with_field or bool(chosen)
        why = _bad_field(chosen, fields) or (LEAKING if number in leaking else "")
        if why:
            content = line.rstrip("\r\n")
            # skipped: the whole line goes; as text: the line without its ending
            span = (offset, match.end() if on_bad is BadRecord.SKIP else offset + len(content))
            bad.append((f"line {number}", why, span, f"line {number}, as text"))
            continue
        pieces = [
            (f"line {number}, field {key}", value, (offset + s, offset + e), False)
            for key, value, (s, e) in chosen
            if _wanted(value)
        ]
        found += pieces
        records.update((span[0], _record(number, members, chosen, subject_field)) for _, _, span, _ in pieces)
    if not with_field and whole_file:
        raise InputError(
            f"{name}: no line has a non-empty text field {' or '.join(fields)} (choose them with `fields`)"
        )
    layout = _layout(text, found, "jsonl", _decide_bad(text, name, bad, found, on_bad))
    return rereadable(
        _with_records(layout, found, records, subject_field),
        lambda more: jsonl_layout(text, name, fields, on_bad, subject_field, first_line, whole_file, more),
        leaking,
    )


#: a record as its pieces see it: its number, whom it is about, the texts of its other fields
_Record = tuple[int, Optional[str], tuple[str, ...]]


def _record(
    number: int,
    members: Sequence[tuple[str, object, Span]],
    chosen: Sequence[tuple[str, object, Span]],
    subject_field: Optional[str],
) -> _Record:
    """A record as its pieces see it: its number, its subject, and its strings (nested ones
    too) but the chosen fields' own values, each left out once."""
    subject = next((subject_value(v) for k, v, _ in members if k == subject_field), None) if subject_field else None
    others = [text for _, value, _ in members for text in _strings(value)]
    for _, value, _ in chosen:
        if isinstance(value, str) and value in others:
            others.remove(value)
    return number, subject, tuple(others)


def _strings(value: object) -> Iterator[str]:
    """The strings a JSON value holds, nested ones too."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _with_records(
    layout: Layout, found: Sequence[Found], records: dict[int, _Record], subject_field: Optional[str]
) -> Layout:
    """``layout`` with each piece's record: its number, its subject (when a subject field is
    named) and its other fields' texts (a bad record kept as text has none of them)."""
    each = [records.get(span[0], (0, None, ())) for _, _, span, _ in found]
    subjects = tuple(subject for _, subject, _ in each) if subject_field is not None else ()
    return replace(
        layout,
        subjects=subjects,
        beside=tuple(beside for _, _, beside in each),
        records=tuple(number for number, _, _ in each),
    )


def json_layout(
    text: str,
    name: str,
    fields: Sequence[str],
    on_bad: BadRecord = BadRecord.REFUSE,
    subject_field: Optional[str] = None,
    leaking: frozenset[int] = frozenset(),
) -> Layout:
    """TAB's {doc_id: text}, or a list of objects: a value that is not text where text is
    expected is a bad record (on_bad); under SKIP it becomes null. ``subject_field``: the
    field of a list's objects that says whom each is about ({doc_id: text} has none);
    ``leaking``: the numbers of items whose other fields hold what their sanitized field
    lost (bad records too)."""
    fields = tuple(fields) or DEFAULT_FIELDS
    start = _skip(text, 0)
    found: list[Found] = []
    records: dict[int, _Record] = {}
    bad: list[Bad] = []
    try:
        _, end = _DECODER.raw_decode(text, start)
        if text[end:].strip():
            raise ValueError("trailing data")
        if text[start : start + 1] == "{":
            for key, value, span in _members(text, start):
                if value is not None and not isinstance(value, str):
                    bad.append(
                        (
                            f"document {key!r}",
                            f"is a {type(value).__name__}, not text",
                            span,
                            f"document {key}, as text",
                        )
                    )
                elif _wanted(value):
                    found.append((f"document {key}", value, span, False))
        elif text[start : start + 1] == "[":
            for number, element in enumerate(_elements(text, start), start=1):
                value, element_end = _DECODER.raw_decode(text, element)
                members = list(_members(text, element)) if isinstance(value, dict) else []
                chosen = _selected(text, members, fields)
                why = (
                    _bad_field(chosen, fields) or (LEAKING if number in leaking else "")
                    if isinstance(value, dict)
                    else f"is a {type(value).__name__}, not an object"
                )
                if why:
                    bad.append((f"item {number}", why, (element, element_end), f"item {number}, as text"))
                    continue
                pieces = [
                    (f"item {number}, field {key}", value, span, False) for key, value, span in chosen if _wanted(value)
                ]
                found += pieces
                records.update((span[0], _record(number, members, chosen, subject_field)) for _, _, span, _ in pieces)
    except (ValueError, RecursionError):  # json recurses into nested values
        raise InputError(f"{name}: not valid JSON (malformed, or nested too deeply)") from None
    if not found and all(why.startswith("has no field") for _, why, _, _ in bad):
        raise InputError(
            f"{name}: neither {{doc_id: text}} nor a list of objects with a non-empty "
            f"{' or '.join(fields)} field (choose them with `fields`)"
        )
    layout = _layout(text, found, "json", _decide_bad(text, name, bad, found, on_bad), "null")
    return rereadable(
        _with_records(layout, found, records, subject_field),
        lambda more: json_layout(text, name, fields, on_bad, subject_field, more),
        leaking,
    )
