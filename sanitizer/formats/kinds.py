"""Which files a run reads, as what: by content first, then by extension in any case.

A file whose bytes open as a PDF ("%PDF-") or as a Word document (a zip holding
word/document.xml) is read as one whatever its name; any other file by its extension.
A single file of an unknown extension is read as plain text (as before); a folder run
reads only the kinds below and counts every other file it skips.
"""

from __future__ import annotations

import io
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Optional, Sequence

from ic_sanitizer.corpus_stats.errors import UnreadableFileError
from ic_sanitizer.corpus_stats.files.safe_files import open_regular_file

from ..documents import Document, decode_document, megabytes, read_bytes
from ..errors import InputError
from .json_records import json_layout, jsonl_layout
from .layout import BadRecord, Layout
from .pdf_text import pdf_layout, pdf_text
from .table import table_layout
from .word import docx_layout

#: extension (lower case) -> kind
KINDS = {
    ".txt": "text",
    ".jsonl": "jsonl",
    ".json": "json",
    ".csv": "csv",
    ".tsv": "tsv",
    ".docx": "docx",
    ".pdf": "pdf",
}
#: kinds read from bytes, not decoded as text
BINARY_KINDS = ("docx", "pdf")
#: what a PDF's text is written as
PDF_OUTPUT_SUFFIX = ".txt"


def kind_of_bytes(head: bytes, open_zip: Callable[[], zipfile.ZipFile]) -> Optional[str]:
    """ "pdf" or "docx" when a file's first bytes (and, for a zip, its list of members) say so."""
    if head.startswith(b"%PDF-"):
        return "pdf"
    if not head.startswith(b"PK\x03\x04"):
        return None
    try:
        with open_zip() as package:
            return "docx" if "word/document.xml" in package.namelist() else None
    except (zipfile.BadZipFile, ValueError, EOFError, OSError):
        return None


def sniff(path: Path) -> Optional[str]:
    """What ``kind_of_bytes`` tells of a file (None for what is not a regular file, which
    is never opened for more than a look at its type)."""
    try:
        with open_regular_file(path) as handle:
            return kind_of_bytes(handle.read(5), lambda: zipfile.ZipFile(handle))
    except (UnreadableFileError, OSError):
        return None


def kind_of(path: Path) -> Optional[str]:
    return sniff(path) or KINDS.get(path.suffix.lower())


def output_name(path: Path, kind: Optional[str]) -> Path:
    """Where the sanitized copy of ``path`` goes, by name: a PDF's text beside it as NAME.pdf.txt."""
    return path.with_name(path.name + PDF_OUTPUT_SUFFIX) if kind == "pdf" else path


@dataclass(frozen=True)
class FolderRun:
    """The files of a folder run, their kinds and where each result goes (the CLI and
    Spark plan a folder this one way: a PDF's text goes to NAME.pdf.txt in both)."""

    files: tuple[Path, ...]
    kinds: tuple[str, ...]
    destinations: tuple[Path, ...]
    #: files of no kind read (neither text nor a structured file)
    skipped: tuple[Path, ...]


def plan_folder_run(folder: Path, output: Path) -> FolderRun:
    """The files under ``folder`` and their outputs under ``output``; an InputError when
    there is none, or when two would be written to one output."""
    found, skipped = find_documents(folder)
    if not found:
        raise InputError(f"{folder}: no .txt, .jsonl, .json, .csv, .tsv, .docx or .pdf files in this folder")
    destinations = tuple(output / output_name(path, kind).relative_to(folder) for path, kind in found)
    if len(set(destinations)) < len(destinations):
        raise InputError(
            f"{folder}: two inputs would be written to the same output (a PDF's text goes to NAME.pdf.txt)"
        )
    return FolderRun(tuple(path for path, _ in found), tuple(kind for _, kind in found), destinations, tuple(skipped))


def find_documents(folder: Path) -> tuple[list[tuple[Path, str]], list[Path]]:
    """The files under ``folder`` of a kind read, with their kinds (every entry that is
    not a folder, so that a FIFO or a dangling link is reported, not skipped), and the
    files skipped."""
    read: list[tuple[Path, str]] = []
    skipped: list[Path] = []
    for path in _entries(folder):
        kind = kind_of(path)  # what is not a regular file goes by its extension: reported when read
        if kind is None:
            skipped.append(path)
        else:
            read.append((path, kind))
    return read, skipped


def _entries(folder: Path) -> Iterator[Path]:
    for path in sorted(folder.rglob("*")):
        if not path.is_dir():
            yield path


def layout_of(
    text: str,
    name: str,
    kind: Optional[str],
    fields: Sequence[str],
    on_bad: BadRecord = BadRecord.REFUSE,
    subject_field: Optional[str] = None,
) -> Optional[Layout]:
    if kind == "jsonl":
        return jsonl_layout(text, name, fields, on_bad, subject_field)
    if kind == "json":
        return json_layout(text, name, fields, on_bad, subject_field)
    if kind in ("csv", "tsv"):
        return table_layout(text, name, fields, kind, on_bad, subject_field)
    return None


def read_source(
    path: Path,
    max_bytes: int,
    fields: Sequence[str] = (),
    kind: Optional[str] = None,
    on_bad: BadRecord = BadRecord.REFUSE,
    subject_field: Optional[str] = None,
) -> Document:
    """A document read safely (size, encoding), with its layout when it is a structured
    file; InputError when it cannot be read or parsed. ``kind``: as ``kind_of`` told it;
    ``on_bad``: what becomes of a record with no text where text is expected;
    ``subject_field``: the field or column whose value says whom a record is about."""
    return parse_document(
        read_bytes(path, max_bytes), str(path), path, kind or kind_of(path), fields, max_bytes, on_bad, subject_field
    )


def read_standard_input(
    max_bytes: int,
    fields: Sequence[str] = (),
    on_bad: BadRecord = BadRecord.REFUSE,
    subject_field: Optional[str] = None,
) -> Document:
    """Standard input: text, or a PDF or Word document told by its bytes."""
    raw = sys.stdin.buffer.read(max_bytes + 1)
    kind = kind_of_bytes(raw[:5], lambda: zipfile.ZipFile(io.BytesIO(raw)))
    if kind is None:
        return Document("-", decode_document(raw, "standard input", max_bytes))
    if len(raw) > max_bytes:
        raise InputError(
            f"standard input: above the input limit of {megabytes(max_bytes)} (raise it with `max_input_mb`)"
        )
    return parse_document(raw, "-", None, kind, fields, max_bytes, on_bad, subject_field)


def parse_document(
    raw: bytes,
    name: str,
    path: Optional[Path],
    kind: Optional[str],
    fields: Sequence[str],
    max_bytes: int,
    on_bad: BadRecord = BadRecord.REFUSE,
    subject_field: Optional[str] = None,
) -> Document:
    if kind == "docx":
        layout = docx_layout(raw, name, max_bytes)
        return Document(name, "\n".join(layout.pieces), path, layout=layout)
    if kind == "pdf":
        text = pdf_text(raw, name, max_bytes)
        return Document(name, text, path, layout=pdf_layout(text))
    text = decode_document(raw, name, max_bytes)
    return Document(name, text, path, layout=layout_of(text, name, kind, fields, on_bad, subject_field))
