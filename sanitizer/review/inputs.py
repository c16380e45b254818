"""The documents of a review, and the names that tie a decisions file to them.

A document is named in a decisions file by its path relative to the folder given (a
folder input), by its file name (a file input), or "-" (standard input), so that the
same documents reviewed from one place can be sanitized from another. A structured
file (JSON, CSV, DOCX, a PDF's text layer) is reviewed piece by piece, each named
"NAME: LABEL" ("notes.jsonl: line 3, field text", "memo.docx: body, paragraph 2").
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ..documents import Document
from ..errors import InputError
from ..formats.kinds import find_documents, read_source, read_standard_input


def document_id(source: str, document: Document) -> str:
    """The name of ``document`` (read from ``source``) in decisions files."""
    if source == "-" or document.path is None:
        return "-"
    folder = Path(source)
    if folder.is_dir():
        return document.path.relative_to(folder).as_posix()
    return document.path.name


def piece_ids(source: str, document: Document) -> list[str]:
    """The names in decisions files of the texts reviewed for ``document`` (those of
    formats.sanitizing.texts_to_sanitize): the document's own for a text or a Word
    document (reviewed as one text), "NAME: LABEL" for each field of a JSON or CSV file."""
    name = document_id(source, document)
    if document.layout is None or document.layout.one_text:
        return [name]
    return [f"{name}: {label}" for label in document.layout.labels]


def read_inputs(source: str, max_bytes: int, fields: Sequence[str] = ()) -> tuple[list[Document], list[Path]]:
    """Every document of a file, a folder (the kinds `sanitize` reads), or standard input,
    all read before any work; and the files of a folder that are of no kind read."""
    if source == "-":
        return [read_standard_input(max_bytes, fields)], []
    path = Path(source)
    if path.is_dir():
        found, skipped = find_documents(path)
        if not found:
            raise InputError(f"{path}: no .txt, .jsonl, .json, .csv, .tsv, .docx or .pdf files in this folder")
        return [read_source(f, max_bytes, fields, kind) for f, kind in found], skipped
    return [read_source(path, max_bytes, fields)], []
