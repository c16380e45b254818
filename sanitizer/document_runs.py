"""One way to run documents: the CLI (cli/sanitize_run.py), Spark's folders
(spark/_folders.py) and the service's documents (service/documents.py) all sanitize
through ``run_documents``.

Each document's texts (a text file's one, a record file's fields) are sanitized in one
batch with the others, so that the workers extract ahead; a record whose other fields
hold what its sanitized field lost is read again as its file's BadRecord says, or refused
(formats/sanitizing.without_leaks); each document comes out with its results per piece,
ready to be assembled in its own format. What is done with it (written to a path, tallied,
returned as bytes) is the caller's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Generic, Iterable, Iterator, Optional, Sequence, TypeVar

from .documents import Document
from .errors import InputError
from .formats.sanitizing import results_per_piece, sanitized_documents, without_leaks
from .result import SanitizationResult

#: what goes with a document through the run: its destination, its name ...
Extra = TypeVar("Extra")
#: (the batch's documents, their texts, the names each text protects, whether the batch is
#: read again) -> one result per text, in order
Sanitize = Callable[[list[Document], list[str], list[Sequence[str]], bool], Iterable[SanitizationResult]]


def _refuse(document: Document, error: InputError) -> None:
    raise error


@dataclass(frozen=True)
class DocumentRun(Generic[Extra]):
    """One document sanitized: the texts the engine read and their results, and the results
    per piece of the document (a record file's records, a Word document's paragraphs)."""

    document: Document
    extra: Extra
    texts: list[str]
    results: list[SanitizationResult]
    pieces: list[SanitizationResult]

    def content(self, outputs: Optional[Sequence[str]] = None) -> str | bytes:
        """The document in its own format with ``outputs`` (its pieces' sanitized texts by
        default) in place of its pieces."""
        return self.document.assemble(list(outputs) if outputs is not None else [r.text for r in self.pieces])


def run_documents(
    items: Iterable[tuple[Document, Extra]],
    sanitize: Sanitize,
    names_of: Callable[[Document], Sequence[str]] = lambda document: (),
    refused: Callable[[Document, InputError], None] = _refuse,
) -> Iterator[DocumentRun[Extra]]:
    """Each document of ``items`` sanitized, in order (one read again for a leaking record
    comes after the others). ``names_of``: the names a document's texts protect (S2);
    ``refused``: what becomes of a document refused for a leaking record (raised by
    default; a folder run records it and goes on)."""

    def batch(documents: list[Document], again: bool) -> Iterator[tuple[list[str], list[SanitizationResult]]]:
        return sanitized_documents(
            documents, lambda texts, protect: sanitize(documents, texts, protect, again), names_of
        )

    for document, extra, texts, results in without_leaks(list(items), batch, refused):
        yield DocumentRun(document, extra, texts, results, results_per_piece(document, results))
