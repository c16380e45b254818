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

import bisect
import dataclasses
import itertools
import re
from typing import Callable, Iterable, Iterator, Optional, Sequence, TypeVar

from ic_sanitizer.cache import QueryStats

from ..api_inputs import SURROGATE
from ..documents import Document
from ..errors import InputError
from ..redaction import Replacement, apply_replacements
from ..result import SanitizationResult
from ..stages import ScoredTerm
from ..terms import Span
from .invisible import count_invisible, without_invisible

PIECE_BREAK = "\n\n"
Result = TypeVar("Result")


def engine_pieces(document: Document) -> list[str]:
    """Each piece of ``document`` as the engine reads it, which the offsets of its result
    per piece refer to: without invisible formatting characters (``invisible``), except
    in a Word document, whose runs are rewritten in place."""
    if document.layout is not None and document.layout.one_text:
        return list(document.pieces)
    for index, piece in enumerate(document.pieces):
        surrogate = SURROGATE.search(piece)
        if surrogate is not None:  # a JSON string may escape one ("\ud800"); no UTF-8 output can hold it
            where = document.layout.labels[index] if document.layout is not None else "the text"
            raise InputError(
                f"{document.name}: {where} is not valid Unicode (a lone surrogate at offset {surrogate.start()})"
            )
    return [without_invisible(piece) for piece in document.pieces]


def invisible_removed(document: Document) -> int:
    """How many invisible formatting characters engine_pieces left out of ``document``."""
    if document.layout is not None and document.layout.one_text:
        return 0
    return sum(count_invisible(piece) for piece in document.pieces)


def subjects_of(document: Document) -> list[Optional[str]]:
    """Whom each text of texts_to_sanitize(``document``) is about: its record's subject
    field, when one was named (layout.subjects), else None."""
    layout = document.layout
    if layout is not None and layout.subjects and not layout.one_text:
        return list(layout.subjects)
    return [None] * len(texts_to_sanitize(document))


def texts_to_sanitize(document: Document) -> list[str]:
    """The texts the engine sanitizes for ``document``, in order."""
    if document.layout is not None and document.layout.one_text:
        return [PIECE_BREAK.join(document.pieces)]
    return engine_pieces(document)


def sanitized_documents(
    documents: Sequence[Document],
    sanitize: Callable[[list[str], list[Sequence[str]]], Iterable[Result]],
    protect: Callable[[Document], Sequence[str]] = lambda document: (),
) -> Iterator[tuple[list[str], list[Result]]]:
    """For each document, in order: the texts the engine sanitizes for it and their
    results. ``sanitize(texts, protected_names)`` runs once over every document's texts
    (so its workers extract ahead); each text protects the names ``protect`` gives for
    its document."""
    texts = [texts_to_sanitize(document) for document in documents]
    results = iter(
        sanitize(
            [text for own in texts for text in own],
            [protect(document) for document, own in zip(documents, texts) for _ in own],
        )
    )
    for own in texts:
        yield own, [next(results) for _ in own]


def results_per_piece(document: Document, results: Sequence[SanitizationResult]) -> list[SanitizationResult]:
    """One result per piece of ``document``, from the results of texts_to_sanitize(document)."""
    if document.layout is None or not document.layout.one_text:
        return list(results)
    (result,) = results
    joined = PIECE_BREAK.join(document.pieces)
    bounds = _piece_bounds(document.pieces)
    replacements = _per_piece(result.replacements, bounds)
    mentions = _mentions_per_piece(result.terms, bounds)
    index_of = {scored.term.key: index for index, scored in enumerate(result.terms)}
    cut = []
    for piece, ((start, end), own, own_mentions) in enumerate(zip(bounds, replacements, mentions)):
        # the terms mentioned in the piece, or whose occurrence in it is replaced, in the result's order
        chosen = sorted({*own_mentions, *(index_of[r.term] for r in own)})
        terms = tuple(_with_mentions(result.terms[index], own_mentions.get(index, ())) for index in chosen)
        # The run's query counts go to the first piece only: summing the pieces counts each query once.
        cut.append(
            dataclasses.replace(
                result,
                text=apply_replacements(joined[start:end], own),
                terms=terms,
                replacements=own,
                queries=result.queries if piece == 0 else QueryStats(0, 0),
            )
        )
    return cut


def piece_texts(document: Document, replacements: Sequence[Sequence[Replacement]]) -> list[str]:
    """Each piece of ``document`` with replacements applied, given the replacements of each
    text of texts_to_sanitize(document) (a review's decisions)."""
    texts = texts_to_sanitize(document)
    if document.layout is None or not document.layout.one_text:
        return [apply_replacements(text, own) for text, own in zip(texts, replacements, strict=True)]
    (joined,), (own,) = texts, replacements
    bounds = _piece_bounds(document.pieces)
    return [
        apply_replacements(joined[start:end], clipped) for (start, end), clipped in zip(bounds, _per_piece(own, bounds))
    ]


def _piece_bounds(pieces: Sequence[str]) -> list[tuple[int, int]]:
    bounds, start = [], 0
    for piece in pieces:
        bounds.append((start, start + len(piece)))
        start += len(piece) + len(PIECE_BREAK)
    return bounds


def _per_piece(replacements: Sequence[Replacement], bounds: Sequence[tuple[int, int]]) -> list[tuple[Replacement, ...]]:
    """Each piece's replacements, with offsets into the piece; one that runs over a piece's
    edge (a name written across two paragraphs) is cut there, each part with the same
    placeholder. One pass, each replacement placed by bisection (a document has thousands
    of pieces and replacements)."""
    starts = [start for start, _ in bounds]
    per_piece: list[list[Replacement]] = [[] for _ in bounds]
    for r in replacements:
        piece = max(bisect.bisect_right(starts, r.start) - 1, 0)
        while piece < len(bounds) and bounds[piece][0] < r.end:
            start, end = bounds[piece]
            if r.start < end:
                per_piece[piece].append(
                    dataclasses.replace(r, start=max(r.start, start) - start, end=min(r.end, end) - start)
                )
            piece += 1
    return [tuple(own) for own in per_piece]


def _mentions_per_piece(terms: Sequence[ScoredTerm], bounds: Sequence[tuple[int, int]]) -> list[dict[int, list[Span]]]:
    """Per piece: term index -> its mentions wholly inside the piece, with offsets into it."""
    starts = [start for start, _ in bounds]
    per_piece: list[dict[int, list[Span]]] = [{} for _ in bounds]
    for index, scored in enumerate(terms):
        for m in scored.term.mentions:
            piece = bisect.bisect_right(starts, m.start) - 1
            if piece >= 0 and m.end <= bounds[piece][1]:
                start = bounds[piece][0]
                per_piece[piece].setdefault(index, []).append(Span(m.start - start, m.end - start))
    return per_piece


def _with_mentions(scored: ScoredTerm, mentions: Sequence[Span]) -> ScoredTerm:
    return dataclasses.replace(scored, term=dataclasses.replace(scored.term, mentions=tuple(mentions)))


#: a word of a removed span that gives a person or place away on its own: a name's, capitalized
_NAME_WORD = re.compile(r"\b[^\W\d_][^\W\d_'’-]{2,}\b")


def leaking_records(document: Document, results: Sequence[SanitizationResult]) -> frozenset[int]:
    """The records of a structured file whose other fields hold what the sanitizer removed
    from their sanitized field (a TAB record's "span_text" beside its "text"): the whole
    removed text, or a capitalized word of it that is no ordinary word, as a word of its
    own, in any case. What holds no letter (a number, a date in figures) is not looked for:
    a record's id or count may share its figures. (The Word path refuses likewise:
    formats/word_check.py.) ``results``: one per piece (results_per_piece)."""
    layout = document.layout
    if layout is None or not layout.beside:
        return frozenset()
    from ..lang.en.common_words import common_lowercase_words

    ordinary = common_lowercase_words()
    leaking = set()
    for piece, result, beside, record in zip(engine_pieces(document), results, layout.beside, layout.records):
        if not beside or not result.replacements or record in leaking:
            continue
        others = " \n ".join(beside).casefold()
        for replacement in result.replacements:
            removed = piece[replacement.start : replacement.end]
            if not any(ch.isalpha() for ch in removed):
                continue  # a number or a date alone: a record's id or count may share its figures
            words = [w for w in _NAME_WORD.findall(removed) if w[0].isupper() and w.casefold() not in ordinary]
            parts = (removed.strip(), *words)
            if any(re.search(rf"(?<!\w){re.escape(part.casefold())}(?!\w)", others) for part in parts):
                leaking.add(record)
                break
    return frozenset(leaking)


#: a batch's sanitizer: for each document, the texts the engine read and their results
#: (sanitized_documents); ``again``: a later round, of documents read again
BatchSanitizer = Callable[[list[Document], bool], Iterable[tuple[list[str], list[SanitizationResult]]]]
Extra = TypeVar("Extra")


def without_leaks(
    documents: Sequence[tuple[Document, Extra]],
    sanitize: BatchSanitizer,
    refused: Callable[[Document, InputError], None],
) -> Iterator[tuple[Document, Extra, list[str], list[SanitizationResult]]]:
    """Each document (with what goes with it: its destination), its texts and results,
    once no record's other fields hold what its sanitized field lost (leaking_records).
    Such a document is read again with those records as bad records, which its file's
    BadRecord decides (refused: InputError; left out; or sanitized whole as text, which
    reads its other fields too), and is sanitized with the others read again once the
    batch is done (a batch's workers run ahead: a second run cannot go in its middle).
    A document refused so goes to ``refused`` (document_runs.run_documents raises it by
    default) and is left out."""
    again: list[tuple[Document, Extra]] = []
    for attempt in itertools.count():
        batch = sanitize([document for document, _ in documents], attempt > 0)
        for (document, extra), (own, results) in zip(documents, batch):
            leaking = leaking_records(document, results_per_piece(document, results))
            if not leaking:
                yield document, extra, own, results
                continue
            assert document.layout is not None and document.layout.reread_leaking is not None
            try:
                again.append((dataclasses.replace(document, layout=document.layout.reread_leaking(leaking)), extra))
            except InputError as error:
                refused(document, error)
        if not again:
            return
        documents, again = again, []  # each round leaves fewer: a record read again is text, or gone
