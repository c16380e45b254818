"""Which files a run reads, as what: by extension, in any case. A single file of another
extension is read as plain text (as before); a folder run reads only the kinds below
and counts every other file it skips."""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Optional, Sequence

from ..documents import Document, read_document
from .json_records import json_layout, jsonl_layout
from .layout import Layout
from .table import table_layout

#: extension (lower case) -> kind
KINDS = {".txt": "text", ".jsonl": "jsonl", ".json": "json", ".csv": "csv", ".tsv": "tsv"}


def kind_of(path: Path) -> Optional[str]:
    return KINDS.get(path.suffix.lower())


def find_documents(folder: Path) -> tuple[list[Path], list[Path]]:
    """The files under ``folder`` of a kind read (every entry that is not a folder, so
    that a FIFO or a dangling link is reported, not skipped), and the files skipped."""
    read: list[Path] = []
    skipped: list[Path] = []
    for path in _entries(folder):
        (read if kind_of(path) else skipped).append(path)
    return read, skipped


def _entries(folder: Path) -> Iterator[Path]:
    for path in sorted(folder.rglob("*")):
        if not path.is_dir():
            yield path


def layout_of(text: str, name: str, kind: Optional[str], fields: Sequence[str]) -> Optional[Layout]:
    if kind == "jsonl":
        return jsonl_layout(text, name, fields)
    if kind == "json":
        return json_layout(text, name, fields)
    if kind in ("csv", "tsv"):
        return table_layout(text, name, fields, kind)
    return None


def read_source(path: Path, max_bytes: int, fields: Sequence[str] = ()) -> Document:
    """A document read safely (``read_document``: size, encoding), with its layout when
    it is a structured file; InputError when it cannot be read or parsed."""
    document = read_document(path, max_bytes)
    layout = layout_of(document.text, document.name, kind_of(path), fields)
    return Document(document.name, document.text, document.path, layout=layout)
