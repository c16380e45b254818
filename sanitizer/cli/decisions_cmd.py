"""`sanitizer decisions`: a review's decisions as allow/deny phrase lists or as gold spans."""

from __future__ import annotations

import json
import sys
from enum import Enum
from pathlib import Path
from typing import Annotated, Optional

import typer

from ic_sanitizer.corpus_stats.files.path_guard import RunPath, check_outputs

from ..annotations.formats import FORMATS, module
from ..annotations.model import Document, Labelled
from ..documents import atomic_write_text
from ..errors import ConfigurationError, InputError
from ..evaluation.gold import load_texts
from ..review.decisions import gold_spans, load_decisions, phrase_lists
from .common import print_json, reported_errors
from .options import JsonOption, output_option


class DecisionsFormat(str, Enum):
    """allow-deny, span-JSON gold, and every annotation format (annotations.formats.FORMATS;
    tests/sanitizer/test_annotation_formats.py holds the lists together)."""

    ALLOW_DENY = "allow-deny"
    GOLD = "gold"
    BRAT = "brat"
    DOCCANO = "doccano"
    LABEL_STUDIO = "label-studio"
    CONLL = "conll"
    I2B2 = "i2b2"


def _annotated(gold: dict[str, list], texts: Optional[Path], name: str, output: Path) -> dict[str, object]:
    """The reviewed documents with the spans masked after review, in an annotation format."""
    if texts is None:
        raise ConfigurationError(f"--to {name} writes the documents with their spans: give them with --texts")
    documents = load_texts(texts)
    missing = sorted(set(gold) - set(documents))
    if missing:
        raise InputError(f"--texts {texts}: {len(missing)} reviewed document(s) are not in it (ids: file name stems)")
    annotated = {
        doc_id: Document(documents[doc_id], [Labelled(int(s), int(e), str(label)) for s, e, label in spans])
        for doc_id, spans in gold.items()
    }
    module(name).write(annotated, output)
    return {name: str(output), "documents": len(annotated), "spans": sum(len(d.spans) for d in annotated.values())}


def _phrase_file(phrases: tuple[str, ...], what: str) -> str:
    header = (
        f"# {what}, from a review's decisions (sanitizer decisions --to allow-deny).\n"
        "# PRIVATE: these are terms of the reviewed documents in clear.\n"
    )
    return header + "".join(phrase + "\n" for phrase in phrases)


def decisions_command(
    decisions: Annotated[
        Path, typer.Argument(metavar="DECISIONS.json", help="A decisions file exported from a review page.")
    ],
    to: Annotated[
        DecisionsFormat,
        typer.Option(
            "--to",
            help="allow-deny: the phrases a reviewer kept that the sanitizer masked (allow.txt) and masked that it kept (deny.txt), for --allow/--deny; gold: the spans masked after review as span-JSON gold {doc_id: [[start, end, label]]} (doc_id: the file name's stem) for eval and tune --fit-policy.",
        ),
    ],
    output: Annotated[
        Path,
        output_option(
            "A folder for allow-deny (allow.txt, deny.txt; readable by you only: they are terms in clear), a .json file for gold."
        ),
    ],
    texts: Annotated[
        Optional[Path],
        typer.Option(
            "--texts",
            help="For the annotation formats (brat, doccano, label-studio, conll, i2b2): the reviewed documents, a folder of .txt or {doc_id: text} JSON (doc_id: the file name's stem).",
            show_default=False,
        ),
    ] = None,
    json_output: JsonOption = False,
) -> None:
    """Convert a review's decisions to allow/deny phrase lists, to gold spans, or to an annotation format."""
    with reported_errors():
        folder = to in (DecisionsFormat.ALLOW_DENY, DecisionsFormat.BRAT, DecisionsFormat.I2B2)
        check_outputs([RunPath("input", decisions), RunPath("--texts", texts)], [RunPath("-o", output, folder=folder)])
        loaded = load_decisions(decisions)
        if to.value in FORMATS:
            summary = _annotated(gold_spans(loaded, decisions), texts, to.value, output)
        elif to is DecisionsFormat.GOLD:
            gold = gold_spans(loaded, decisions)
            atomic_write_text(output, json.dumps(gold, indent=1) + "\n")
            summary = {"gold": str(output), "documents": len(gold), "spans": sum(len(v) for v in gold.values())}
        else:
            lists = phrase_lists(loaded)
            atomic_write_text(output / "allow.txt", _phrase_file(lists.allow, "Never mask (--allow)"), private=True)
            atomic_write_text(output / "deny.txt", _phrase_file(lists.deny, "Always mask (--deny)"), private=True)
            summary = {
                "allow": len(lists.allow),
                "deny": len(lists.deny),
                "conflicting": lists.conflicting,
                "folder": str(output),
            }
        if json_output:
            print_json(summary)
        else:
            sys.stdout.write(", ".join(f"{key}: {value}" for key, value in summary.items()) + "\n")
