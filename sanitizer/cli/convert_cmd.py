"""`sanitizer convert`: annotations from one format to another (TAB JSON, span JSON with
their texts, BRAT, doccano, Label Studio, CoNLL/BIO, i2b2)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from ic_sanitizer.corpus_stats.files.path_guard import RunPath, check_outputs

from ..annotations.formats import AnnotationFormat, module
from ..evaluation.gold import to_documents
from .common import reported_errors
from .gold_inputs import GoldFormatOption, TextsOption, collection
from .options import output_option


def convert_command(
    gold: Annotated[Path, typer.Argument(metavar="ANNOTATIONS", help="Annotations in any format `eval --gold` reads.")],
    to: Annotated[AnnotationFormat, typer.Option("--to", help="The format to write.")],
    output: Annotated[
        Path,
        output_option(
            "A folder for brat and i2b2, a file for the others. It holds the texts and their annotated spans: written readable by you only."
        ),
    ],
    texts: TextsOption = None,
    gold_format: GoldFormatOption = None,
) -> None:
    """Convert annotations (gold spans with their texts) from one format to another."""
    with reported_errors():
        folder = to in (AnnotationFormat.BRAT, AnnotationFormat.I2B2)
        check_outputs([RunPath("input", gold), RunPath("--texts", texts)], [RunPath("-o", output, folder=folder)])
        standard, documents = collection(gold, texts, gold_format)
        converted = to_documents(standard, documents)
        module(to.value).write(converted, output)
        sys.stdout.write(
            f"{len(converted)} document(s), {sum(len(d.spans) for d in converted.values())} span(s) "
            f"written to {output} ({to.value})\n"
        )
