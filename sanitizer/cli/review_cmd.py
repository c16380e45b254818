"""`sanitizer review`: a page to see every decision, accept or decline it, and export the decisions."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ic_sanitizer.corpus_stats.files.path_guard import RunPath, check_outputs

from ..documents import DEFAULT_MAX_INPUT_MB
from ..formats.sanitizing import sanitized_documents
from ..pipeline import Sanitizer
from ..review import PREVIEWED_MODES, previewed, review_document, review_page, review_settings, write_review_page
from ..review.inputs import piece_ids, read_inputs
from .common import announce_backends, engine_reads, input_limit, print_json, reported_errors, stderr, usage_error
from .engine_options import EngineOptions
from .engine_params import CHOOSING, CORPORA, DIAL, OPENING, POLICY, engine_options
from .format_summary import announce_invisible
from .notices import announce_inert_settings
from .options import (
    JsonOption,
    MaxInputOption,
    documents_argument,
    output_option,
    repeatable,
)


@engine_options(*CORPORA, *DIAL, *POLICY, "mode", *CHOOSING, *OPENING)
def review_command(
    context: typer.Context,
    source: Annotated[
        str,
        documents_argument(
            "FILE|DIR|-",
            "A file ({suffixes}), a folder of them, or - for stdin. A structured file is shown piece by piece (each field, paragraph, or a PDF's text layer).",
        ),
    ],
    output: Annotated[
        Path,
        output_option(
            "The review page (HTML) to write. It CONTAINS THE SENSITIVE TERMS in clear and is written readable by you only; there is no default, so that it never lands beside the published output, and it may not be an input or inside the input folder."
        ),
    ],
    max_input_mb: MaxInputOption = DEFAULT_MAX_INPUT_MB,
    json_output: JsonOption = False,
    fields: Annotated[
        Optional[list[str]],
        repeatable(
            "--field",
            metavar="NAME",
            help="In .jsonl/.json/.csv/.tsv files: a field or column to review (repeatable; default: text), as `sanitize --field`.",
        ),
    ] = None,
) -> None:
    """Write a review page: every candidate highlighted with its decision and why; accept or decline
    each with the keyboard, preview the result, export the decisions (then: sanitize --decisions)."""
    options = EngineOptions.of(context)
    with reported_errors():
        # The page holds the sensitive terms: never on, in or around anything the run reads.
        check_outputs(
            [
                RunPath("input", None if source == "-" else Path(source)),
                *engine_reads(options.params),
            ],
            [RunPath("-o", output)],
        )
        documents, skipped = read_inputs(source, input_limit(max_input_mb), fields or ())
        if skipped:
            stderr.print(f"note: skipped {len(skipped)} file(s) of other kinds", markup=False, highlight=False)
        announce_invisible(documents)
        with Sanitizer(options.settings()) as sanitizer:
            if not previewed(sanitizer.mode) or sanitizer.operators:  # the page previews one mode for every kind
                usage_error(
                    f"the review page previews the modes {', '.join(m.value for m in PREVIEWED_MODES)} for every "
                    f"kind, not {sanitizer.mode.value}"
                    + (" with the policy's operators" if sanitizer.operators else "")
                )
            announce_backends(sanitizer)
            announce_inert_settings(sanitizer, options.given)
            # Each text the engine sanitizes is reviewed as it is (a Word document as one).
            sanitized = sanitized_documents(
                documents, lambda texts, _: sanitizer.sanitize_many(texts, refuse_batch=True)
            )
            reviewed = [
                review_document(name, text, result)
                for document, (own, results) in zip(documents, sanitized)
                for name, text, result in zip(piece_ids(source, document), own, results, strict=True)
            ]
            write_review_page(output, review_page(reviewed, review_settings(sanitizer), sanitizer.thresholds.tau))
        if json_output:
            print_json(
                {
                    "page": str(output),
                    "documents": [
                        {"input": r.input, "candidates": len(r.spans), "masked": sum(s.masked for s in r.spans)}
                        for r in reviewed
                    ],
                }
            )
        else:
            stderr.print(
                f"review page written to {output}: readable by you only, it holds the sensitive terms "
                "in clear; never publish it",
                markup=False,
            )
