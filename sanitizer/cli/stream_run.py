"""`sanitize` of one large JSONL file in parts, so that its memory is one part's, not the file's.

A JSONL file above STREAM_ABOVE_BYTES, sanitized into a file with nothing asked that
gathers the whole run in memory (a report, a mapping, --json, a review, per-document
names or spans), is read twice, a part of PART_LINES lines at a time: first to count
its collection (collection.CollectionCounts: the memory of its vocabulary), then to
sanitize each part and append it to the output, written through a temporary file
renamed at the end (documents.atomic_stream), so that the output is whole or absent.
Each record is decided as in a whole-file run: a record is a text of its own, and the
collection is the file's. (Under language auto, a text too short to tell takes the
language of its part, not of the file.)
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterator, Optional, Sequence

from ic_sanitizer.corpus_stats.errors import UnreadableFileError
from ic_sanitizer.corpus_stats.files.safe_files import file_size, open_regular_file

from ..collection import Collection, CollectionCounts
from ..document_runs import run_documents
from ..documents import Document, atomic_stream, check_input_size
from ..errors import DocumentRefused, InputError
from ..formats.json_records import jsonl_layout
from ..formats.layout import BadRecord
from ..formats.sanitizing import engine_pieces
from ..pipeline import Sanitizer
from ..result import SanitizationResult
from ..settings import Settings
from .batch import Batch
from .common import announce_backends, bar_progress
from .notices import announce_inert_settings, note

#: a JSONL file larger than this is sanitized in parts (when nothing asks for the whole run)
STREAM_ABOVE_BYTES = 32_000_000
#: the lines of one part: enough that the extraction workers have blocks to share
PART_LINES = 2_000


def streamed(batch: Batch, whole_run_asked: bool) -> Optional[tuple[Path, Path]]:
    """The input and the output of a run sanitized in parts: one large JSONL file into a
    file, and nothing asked that gathers the whole run (``whole_run_asked``); else None."""
    if whole_run_asked or batch.is_folder or batch.kinds[0] != "jsonl":
        return None
    source, destination = batch.sources[0], batch.destinations[0]
    if source is None or destination is None:
        return None
    try:
        return (source, destination) if file_size(source) > STREAM_ABOVE_BYTES else None
    except UnreadableFileError:
        return None  # the whole-file path says why, as for any input


def _parts(path: Path) -> Iterator[tuple[int, str]]:
    """(number of its first line, text) of each part of PART_LINES lines, read as UTF-8
    (JSON's encoding; a byte-order mark at the start is left out)."""
    lines: list[str] = []
    first = number = 1
    try:
        with open_regular_file(path) as handle:
            for number, raw in enumerate(handle, start=1):
                try:
                    lines.append(raw.decode("utf-8-sig" if number == 1 else "utf-8"))
                except UnicodeDecodeError:
                    raise InputError(f"{path}: line {number} is not UTF-8 (a JSONL file is UTF-8)") from None
                if len(lines) == PART_LINES:
                    yield first, "".join(lines)
                    first, lines = number + 1, []
    except UnreadableFileError as exc:
        raise InputError(str(exc)) from None
    if lines:
        yield first, "".join(lines)


def _documents(
    path: Path, fields: Sequence[str], on_bad: BadRecord, subject_field: Optional[str]
) -> Iterator[Document]:
    for first, text in _parts(path):
        layout = jsonl_layout(text, str(path), fields, on_bad, subject_field, first, whole_file=False)
        yield Document(str(path), text, path, layout=layout)


def _counted(
    path: Path, fields: Sequence[str], on_bad: BadRecord, subject_field: Optional[str], k: int
) -> Optional[Collection]:
    """The file's collection, counted part by part (the first pass)."""
    counts = CollectionCounts(subject_field is not None, k)
    for document in _documents(path, fields, on_bad, subject_field):
        pieces = engine_pieces(document)
        subjects = document.layout.subjects if document.layout is not None and document.layout.subjects else None
        for index, piece in enumerate(pieces):
            counts.add(piece, subjects[index] if subjects else None)
    return counts.collection()


def stream_jsonl(
    asked: Settings,
    source: Path,
    destination: Path,
    fields: Sequence[str],
    on_bad: BadRecord,
    subject_field: Optional[str],
    max_bytes: int,
    given: frozenset[str],
) -> None:
    """Sanitize ``source`` into ``destination`` part by part (module docstring)."""
    name = str(source)
    check_input_size(source, max_bytes)
    with Sanitizer(asked) as sanitizer:
        announce_backends(sanitizer)
        announce_inert_settings(sanitizer, given)
        policy = sanitizer.policy
        collection = _counted(source, fields, on_bad, subject_field, policy.collection_k) if policy.collection else None
        records = 0
        with bar_progress() as progress, atomic_stream(destination) as output:
            task = progress.add_task("sanitizing", total=None)
            for document in _documents(source, fields, on_bad, subject_field):
                output.write(_sanitized_part(sanitizer, document, collection).encode("utf-8"))
                records += len(document.pieces)
                progress.update(task, completed=records)
            if records == 0:  # raised inside: no output is left
                raise InputError(f"{name}: no line has a non-empty text field {' or '.join(fields or ('text',))}")
    note(f"{name}: {records} texts sanitized in parts of {PART_LINES} lines (a large file)")


def _sanitized_part(sanitizer: Sanitizer, document: Document, collection: Optional[Collection]) -> str:
    # a record whose other fields hold what it lost: read again as the file's BadRecord says
    (run,) = run_documents(
        [(document, None)],
        lambda documents, texts, protect, again: [
            r for part in documents for r in _results(sanitizer, part, collection)
        ],
    )
    return str(run.content())


def _results(sanitizer: Sanitizer, document: Document, collection: Optional[Collection]) -> list[SanitizationResult]:
    layout = document.layout
    assert layout is not None  # a JSONL part always has one
    try:
        return list(
            sanitizer.sanitize_many(
                engine_pieces(document), subjects=layout.subjects or None, refuse_batch=True, collection=collection
            )
        )
    except DocumentRefused as refused:
        raise InputError(
            f"{document.name}: {layout.labels[refused.index]} looks {refused.language}, which is not "
            "supported yet; give `language` en to sanitize it as English anyway"
        ) from None
