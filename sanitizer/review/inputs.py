"""The documents of a review, and the names that tie a decisions file to them.

A document is named in a decisions file by its path relative to the folder given (a
folder input), by its file name (a file input), or "-" (standard input), so that the
same documents reviewed from one place can be sanitized from another.
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

from ..documents import Document, find_text_files, read_document, read_stdin
from ..errors import ConfigurationError, InputError


def document_id(source: str, document: Document) -> str:
    """The name of ``document`` (read from ``source``) in decisions files."""
    if source == "-" or document.path is None:
        return "-"
    folder = Path(source)
    if folder.is_dir():
        return document.path.relative_to(folder).as_posix()
    return document.path.name


def read_inputs(source: str, max_bytes: int) -> list[Document]:
    """Every document of a file, a folder of .txt files, or standard input; all read before any work."""
    if source == "-":
        return [read_stdin(max_bytes)]
    path = Path(source)
    if path.is_dir():
        files = list(find_text_files(path))
        if not files:
            raise InputError(f"{path}: no .txt files in this folder")
        return [read_document(f, max_bytes) for f in files]
    return [read_document(path, max_bytes)]


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
