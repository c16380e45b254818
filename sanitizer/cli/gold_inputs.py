"""The annotated collection a scoring command reads: the gold file, its texts, and the checks between them."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ..annotations.formats import AnnotationFormat
from ..errors import InputError
from ..evaluation import GoldStandard, fill_terms_from_spans, load_gold, load_texts
from .common import stderr

GoldOption = Annotated[
    Path,
    typer.Option(
        "--gold",
        help="Expert annotations: TAB JSON, span JSON {doc_id: [[start, end, label]]}, {doc_id: [terms]}, or "
        "BRAT, doccano, Label Studio, CoNLL/BIO or i2b2 (see --gold-format).",
    ),
]


GoldFormatOption = Annotated[
    Optional[AnnotationFormat],
    typer.Option(
        "--gold-format",
        help="The --gold file's annotation format when its content does not say: brat (a folder of .txt "
        "and .ann), doccano (JSONL), label-studio (JSON tasks), conll (BIO), i2b2 (XML). "
        "[default: told by content]",
        show_default=False,
    ),
]


TextsOption = Annotated[
    Optional[Path],
    typer.Option(
        "--texts",
        help="The documents, when the gold file has none: {doc_id: text} JSON, TAB-style list, or a folder of .txt.",
    ),
]


def collection(
    gold_path: Path, texts_path: Optional[Path], gold_format: Optional[AnnotationFormat] = None
) -> tuple[GoldStandard, dict[str, str]]:
    """The gold standard and the texts it scores, restricted to documents both have.

    Every gold span must lie inside its text; doc_ids of the gold file without a text
    are named in one warning line (they are not scored)."""
    gold = load_gold(gold_path, None if gold_format is None else gold_format.value)
    if texts_path is not None:
        texts = load_texts(texts_path)
    elif gold.texts:
        texts = dict(gold.texts)
    else:
        raise InputError(f"{gold_path}: this gold file holds no texts; give them with --texts")
    if not all(isinstance(text, str) for text in texts.values()):
        raise InputError(f"{texts_path or gold_path}: a document's text is not a string")
    annotated = set(gold.spans) | set(gold.terms)
    warn_unknown_ids(annotated - set(texts), f"the gold file {gold_path.name}")
    texts = {doc_id: text for doc_id, text in texts.items() if doc_id in annotated}
    if not texts:
        raise InputError("no document is both in the texts and in the gold file (check the doc_ids)")
    check_spans_inside(
        texts,
        {
            doc_id: [(s.start, s.end) for spans in per_annotator.values() for s in spans]
            for doc_id, per_annotator in gold.spans.items()
        },
        f"the gold file {gold_path}",
    )
    fill_terms_from_spans(gold, texts)
    return gold, texts


def warn_unknown_ids(unknown: set[str], where: str) -> None:
    if unknown:
        listed = sorted(unknown)
        shown = ", ".join(repr(i) for i in listed[:10]) + (f" and {len(listed) - 10} more" if len(listed) > 10 else "")
        stderr.print(
            f"warning: {len(listed)} doc_id(s) of {where} have no text and are not scored: {shown}", markup=False
        )


def check_spans_inside(texts: dict[str, str], spans: dict[str, list[tuple[int, int]]], where: str) -> None:
    """Refuse a span that does not lie within its text (0 <= start <= end <= length)."""
    for doc_id, doc_spans in spans.items():
        if doc_id not in texts:
            continue
        length = len(texts[doc_id])
        for start, end in doc_spans:
            if not 0 <= start <= end <= length:
                raise InputError(
                    f"{where}: a span of doc_id {doc_id!r} ({start}-{end}) lies outside its text "
                    f"of {length:,} characters"
                )
