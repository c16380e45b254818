"""What a `sanitize` run says about each file it wrote and the files it skipped."""

from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Optional, Sequence

from ..documents import Document
from ..formats.pdf_text import NOT_REWRITTEN
from ..formats.sanitizing import invisible_removed
from ..pipeline import SanitizationResult
from ..stages import Reason
from .batch import Batch
from .common import stderr


def document_summary(document: Document, destination: Optional[Path], pieces: Sequence[SanitizationResult]) -> dict:
    """Counts over the document's pieces (one for a text, one per field of a structured file)."""
    return {
        "input": document.name,
        "output": str(destination) if destination else None,
        "format": document.layout.kind if document.layout else "text",
        "pieces": len(pieces),
        "candidates": sum(len(r.terms) for r in pieces),
        "sensitive": sum(len(r.sensitive) for r in pieces),
        "related": sum(len(r.related) for r in pieces),
        "kept": sum(len(r.kept) for r in pieces),
        "s2_ran": any(r.s2.ran for r in pieces),
        "s3_masked": sum(r.s3.masked for r in pieces),
        "hidden_category": sum(s.reason is Reason.HIDDEN_CATEGORY for r in pieces for s in r.terms),
        "reference_kept": sum(s.reason is Reason.REFERENCE for r in pieces for s in r.terms),
        "generalized": sum(
            x.generalized is not None and x.generalized.chosen is not None for r in pieces for x in r.replacements
        ),
        "queries_issued": sum(r.queries.issued for r in pieces),
    }


def announce_skipped(batch: Batch) -> None:
    """One line on stderr counting the files of a folder run that are of no kind read."""
    if not batch.skipped:
        return
    by_suffix = Counter(path.suffix.lower() or "(no extension)" for path in batch.skipped)
    kinds = ", ".join(f"{suffix}: {count}" for suffix, count in sorted(by_suffix.items()))
    stderr.print(
        f"note: skipped {len(batch.skipped)} file(s) of other kinds ({kinds})",
        markup=False,
        highlight=False,
        soft_wrap=True,
    )


def announce_pdf(batch: Batch) -> None:
    """One line on stderr when PDF files were read: their text is the output, not a PDF."""
    count = sum(1 for document in batch.documents if document.layout is not None and document.layout.kind == "pdf")
    if count:
        stderr.print(f"note: {count} PDF file(s): {NOT_REWRITTEN}", markup=False, highlight=False, soft_wrap=True)


def announce_invisible(documents: Sequence[Document]) -> None:
    """One line on stderr when invisible formatting characters were removed from the
    texts read (``formats.invisible``): the output differs from the input there too."""
    removed = sum(invisible_removed(document) for document in documents)
    if removed:
        stderr.print(
            f"note: {removed} invisible formatting character(s) removed (bidirectional controls, "
            "zero-width spaces, soft hyphens): they reorder or hide text from a reader and can carry "
            "hidden marks",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )


def announce_read(batch: Batch) -> None:
    """What a run says once its documents are read: files skipped, PDFs, invisible characters."""
    announce_skipped(batch)
    announce_pdf(batch)
    announce_invisible(batch.documents)
