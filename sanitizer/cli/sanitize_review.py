"""What --decisions does to a `sanitize` run: the review's decisions, checked against the
documents read, give each text as the review page previewed it."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Optional, Sequence

from ..documents import Document
from ..formats.sanitizing import texts_to_sanitize
from ..redaction import Mode, Replacement
from ..result import SanitizationResult
from ..review import Decisions, check_documents, decided_replacements, load_decisions, previewed, review_document
from ..review.inputs import piece_ids
from .common import usage_error


@dataclass(frozen=True)
class Review:
    """What --decisions brings: the source the page was made for, its decisions, their file."""

    source: str
    decisions: Decisions
    path: Path

    def replacements(
        self, document: Document, texts: Sequence[str], results: Sequence[SanitizationResult]
    ) -> list[list[Replacement]]:
        """Each of the document's texts' replacements as the reviewer decided them."""
        return [
            decided_replacements(review_document(name, text, result), self.decisions.documents[name], self.path)
            for name, text, result in zip(piece_ids(self.source, document), texts, results)
        ]


def read_review(
    source: str, documents: Sequence[Document], decisions: Optional[Path], report: Optional[Path], mode: Optional[Mode]
) -> Optional[Review]:
    """The review of --decisions, checked against the documents read (piece by piece); None without."""
    if decisions is None:
        return None
    if report is not None:
        usage_error("--report gives the sanitizer's own decisions; it cannot be combined with --decisions")
    reviewed = load_decisions(decisions)
    if mode is not None and not previewed(mode):  # the page previews tag, redact, suppress and generalize
        usage_error(f"--decisions gives the review page's preview; it cannot be combined with --mode {mode.value}")
    check_documents(
        reviewed,
        [
            (name, text)
            for d in documents
            for name, text in zip(piece_ids(source, d), texts_to_sanitize(d), strict=True)
        ],
        decisions,
    )
    return Review(source, reviewed, decisions)
