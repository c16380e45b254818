"""What the engine sanitizes for a document, and its results per piece.

A structured file's pieces are texts of their own when they are separate records (a
JSON line's field, a CSV cell): each gets its own entities and placeholders. The pieces
of a Word document are parts of one document: they are sanitized as one text (joined by
a blank line, which the extractor reads as a paragraph break, so no candidate spans
two pieces), so that one person has one placeholder in every paragraph and a name in
one paragraph is recognised in the next; the result is then cut back into one result
per piece. The review page shows such a document as one text too, and its decisions are
cut back the same way. The CLI, the review page and Spark all go through here, so they
agree.
"""

from __future__ import annotations

import dataclasses
from typing import Sequence

from ic_sanitizer.cache import QueryStats

from ..documents import Document
from ..redaction import Replacement, apply_replacements
from ..result import SanitizationResult
from ..stages import ScoredTerm
from ..terms import Span

PIECE_BREAK = "\n\n"


def texts_to_sanitize(document: Document) -> list[str]:
    """The texts the engine sanitizes for ``document``, in order."""
    if document.layout is not None and document.layout.one_text:
        return [PIECE_BREAK.join(document.pieces)]
    return list(document.pieces)


def results_per_piece(document: Document, results: Sequence[SanitizationResult]) -> list[SanitizationResult]:
    """One result per piece of ``document``, from the results of texts_to_sanitize(document)."""
    if document.layout is None or not document.layout.one_text:
        return list(results)
    (result,) = results
    joined = PIECE_BREAK.join(document.pieces)
    return [_cut(result, joined, start, end, first=index == 0)
            for index, (start, end) in enumerate(_piece_bounds(document.pieces))]


def piece_texts(document: Document, replacements: Sequence[Sequence[Replacement]]) -> list[str]:
    """Each piece of ``document`` with replacements applied, given the replacements of each
    text of texts_to_sanitize(document) (a review's decisions)."""
    texts = texts_to_sanitize(document)
    if document.layout is None or not document.layout.one_text:
        return [apply_replacements(text, own) for text, own in zip(texts, replacements, strict=True)]
    (joined,), (own,) = texts, replacements
    return [apply_replacements(joined[start:end], _clip(own, start, end))
            for start, end in _piece_bounds(document.pieces)]


def _piece_bounds(pieces: Sequence[str]) -> list[tuple[int, int]]:
    bounds, start = [], 0
    for piece in pieces:
        bounds.append((start, start + len(piece)))
        start += len(piece) + len(PIECE_BREAK)
    return bounds


def _clip(replacements: Sequence[Replacement], start: int, end: int) -> tuple[Replacement, ...]:
    """The replacements over text[start:end], with offsets into it. One that runs over the
    edge (a name written across two paragraphs) is cut there, each part with the same
    placeholder."""
    return tuple(Replacement(max(r.start, start) - start, min(r.end, end) - start, r.term, r.replacement)
                 for r in replacements if r.start < end and r.end > start)


def _cut(result: SanitizationResult, text: str, start: int, end: int, first: bool) -> SanitizationResult:
    """The part of ``result`` about text[start:end], with offsets into that part. The run's
    query counts go to the first piece only, so that summing the pieces counts each query once."""
    replacements = _clip(result.replacements, start, end)
    replaced = {r.term for r in replacements}
    terms = tuple(shifted for scored in result.terms
                  if (shifted := _shift(scored, start, end)).term.mentions or scored.term.key in replaced)
    return dataclasses.replace(result, text=apply_replacements(text[start:end], replacements), terms=terms,
                               replacements=replacements, queries=result.queries if first else QueryStats(0, 0))


def _shift(scored: ScoredTerm, start: int, end: int) -> ScoredTerm:
    mentions = tuple(Span(m.start - start, m.end - start) for m in scored.term.mentions
                     if start <= m.start and m.end <= end)
    return dataclasses.replace(scored, term=dataclasses.replace(scored.term, mentions=mentions))
