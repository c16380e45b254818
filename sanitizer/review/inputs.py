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
from ..errors import ConfigurationError, InputError
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


def check_private_output(output: Path, source: str, documents: Sequence[Document], option: str) -> None:
    """Refuse to write a file holding sensitive terms over an input, inside the input
    folder (where it could be published with the documents), or over a folder."""
    if output.is_dir():
        raise ConfigurationError(f"{option} {output}: is a folder; give a file name")
    target = output.resolve()
    if source != "-" and Path(source).is_dir() and Path(source).resolve() in target.parents:
        raise ConfigurationError(f"{option} {output}: must not be inside the input folder")
    for document in documents:
        if document.path is not None and document.path.resolve() == target:
            raise ConfigurationError(f"{option} {output}: must not overwrite an input")
