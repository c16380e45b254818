"""A structured file as texts to sanitize and the way to put it back together."""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import Enum
from typing import Callable, Optional, Sequence

#: a piece of text in a file: where it starts and ends (character offsets)
Span = tuple[int, int]


class BadRecord(str, Enum):
    """What to do with a record of a structured file that has no text where one is
    expected (a JSON line without the field, a field that is a number or a list, a CSV
    row longer or shorter than its header), or whose other fields hold what its sanitized
    field lost (formats/sanitizing.without_leaks). It is never copied through as it is: it
    may hold personal data that the sanitizer would not have read."""

    REFUSE = "refuse"  # the file is not written; one line names the record and why
    SKIP = "skip"  # the record is left out (a JSONL line or CSV row); in a .json file its value becomes null
    TEXT = "text"  # the record, as written, is sanitized as plain text


@dataclass(frozen=True)
class Layout:
    """The texts of one file to sanitize, in order, with a label each for reports
    ("line 3, field text"), and how the file is rebuilt from their sanitized versions."""

    pieces: tuple[str, ...]
    labels: tuple[str, ...]
    #: the output file's content: text (written in UTF-8), or bytes for a binary format (DOCX)
    assemble: Callable[[Sequence[str]], str | bytes]
    #: the file kind, as given in summaries: "jsonl", "json", "csv", "tsv", "docx", "pdf"
    kind: str
    #: the pieces are parts of one document (a Word document's paragraphs), sanitized as
    #: one text: one set of entities and placeholders (formats/sanitizing.py); otherwise
    #: each piece is a text of its own (a JSON record's field, a CSV cell)
    one_text: bool = False
    #: per piece, whom its record is about (the value of the record's subject field:
    #: a patient's id), when a subject field was named; empty otherwise
    subjects: tuple[Optional[str], ...] = ()
    #: per piece, the texts of its record's other fields (a JSON record's, a CSV row's):
    #: what the sanitized field removed must not stand there (formats/sanitizing.py)
    beside: tuple[tuple[str, ...], ...] = ()
    #: per piece, the number of its record (a JSONL line's, a JSON list's item's, a CSV
    #: row's); empty where pieces have no record of their own (a Word paragraph)
    records: tuple[int, ...] = ()
    #: the file read again with these records (numbers as in ``records``) taken as bad
    #: records, whose other fields hold what their sanitized field lost (BadRecord decides:
    #: REFUSE raises InputError); None for a file without records
    reread_leaking: Optional[Callable[[frozenset[int]], "Layout"]] = None


#: why a record whose other fields hold what the sanitizer removed is a bad record
LEAKING = "holds, in another field, text the sanitizer removed from its sanitized field"

#: how a user keeps such a record: its other field named too
LEAKING_REMEDY = "name that field too with `fields`, a nested one by its dotted path"


def rereadable(layout: Layout, read: Callable[[frozenset[int]], Layout], leaking: frozenset[int]) -> Layout:
    """``layout`` able to be read again (``read``) with more records taken as leaking ones."""
    return replace(layout, reread_leaking=lambda more: read(leaking | more))


def subject_value(value: object) -> Optional[str]:
    """A record's subject as a key: its text or number (a JSON value of another type, or an
    empty one, names no subject)."""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        return None
    key = str(value).strip()
    return key or None


def splice(text: str, spans: Sequence[Span], replacements: Sequence[str]) -> str:
    """``text`` with each span (in order, not overlapping) replaced: bytes outside the spans stay as they were."""
    pieces, cursor = [], 0
    for (start, end), replacement in zip(spans, replacements):
        pieces += [text[cursor:start], replacement]
        cursor = end
    pieces.append(text[cursor:])
    return "".join(pieces)
