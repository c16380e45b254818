"""`sanitizer terms`: the candidate terms of a document with their IC, most informative first."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from ..documents import DEFAULT_MAX_INPUT_MB
from ..formats.kinds import read_source, read_standard_input
from ..formats.sanitizing import PIECE_BREAK, texts_to_sanitize
from ..pipeline import Sanitizer
from .common import print_json, reported_errors
from .engine_options import EngineOptions
from .engine_params import POLICY, engine_options
from .options import JsonOption, documents_argument


@engine_options("backend", "beta", "beta_term", *POLICY, "extractor", "language", "cache_dir", "no_cache")
def terms_command(
    context: typer.Context,
    source: Annotated[
        str, documents_argument("FILE|-", "A file ({suffixes}: read as sanitize reads it), or - for stdin.")
    ],
    limit: Annotated[int, typer.Option("--limit", help="Show at most this many terms (0: all).", min=0)] = 0,
    json_output: JsonOption = False,
) -> None:
    """List candidate terms with count and information content. Prints the document's terms in clear."""
    options = EngineOptions.of(context)
    with reported_errors():
        max_bytes = int(DEFAULT_MAX_INPUT_MB * 1e6)
        # read as sanitize reads it: a structured file's fields, a Word document's paragraphs, a PDF's text
        document = read_standard_input(max_bytes) if source == "-" else read_source(Path(source), max_bytes)
        with Sanitizer(options.settings(workers=1)) as sanitizer:
            scored = sanitizer.candidates(PIECE_BREAK.join(texts_to_sanitize(document)))
        scored.sort(key=lambda s: (s.information_content is None, -(s.information_content or 0.0), s.term.key))
        if limit:
            scored = scored[:limit]
        if json_output:
            print_json(
                {
                    "backend": sanitizer.backend.name,
                    "beta": sanitizer.thresholds.beta,
                    "terms": [
                        {
                            "term": s.term.text,
                            "kind": s.term.kind.value,
                            "source": s.term.source,
                            "mentions": len(s.term.mentions),
                            "count": s.count,
                            "information_content": s.information_content,
                            "rule": s.reason.value,
                            "beta": s.beta,
                            "sensitive": s.removed,
                        }
                        for s in scored
                    ],
                }
            )
            return
        out = sys.stdout
        out.write(
            f"{'IC(bits)':>8}  {'count':>14}  {'kind':<12}  {'rule':<6}  {'β':>5}  {'S1':<9}  {'found by':<18}  term\n"
        )
        for s in scored:
            ic = "unseen" if s.information_content is None else f"{s.information_content:.2f}"
            shown_beta = "" if s.beta is None else f"{s.beta:.1f}"
            out.write(
                f"{ic:>8}  {s.count:>14,}  {s.term.kind.value:<12}  {s.reason.value:<6}  {shown_beta:>5}  "
                f"{s.decision.value:<9}  {s.term.source:<18}  {s.term.text}\n"
            )
