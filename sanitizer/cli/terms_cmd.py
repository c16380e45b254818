"""`sanitizer terms`: the candidate terms of a document with their IC, most informative first."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from ..documents import DEFAULT_MAX_INPUT_MB, read_document, read_stdin
from ..pipeline import DEFAULT_BACKEND, Sanitizer
from .common import BackendOption, BetaOption, CacheDirOption, ExtractorOption, JsonOption, NoCacheOption, print_json, reported_errors


def terms_command(
    source: Annotated[str, typer.Argument(metavar="FILE|-", help="A text file, or - for stdin.")],
    backend: BackendOption = DEFAULT_BACKEND,
    beta: BetaOption = None,
    extractor: ExtractorOption = "nltk",
    cache_dir: CacheDirOption = None,
    no_cache: NoCacheOption = False,
    limit: Annotated[int, typer.Option("--limit", help="Show at most this many terms (0: all).", min=0)] = 0,
    json_output: JsonOption = False,
) -> None:
    """List candidate terms with count and information content. Prints the document's terms in clear."""
    with reported_errors():
        max_bytes = int(DEFAULT_MAX_INPUT_MB * 1e6)
        document = read_stdin(max_bytes) if source == "-" else read_document(Path(source), max_bytes)
        with Sanitizer(backend, beta=beta, extractor=extractor, cache_dir=cache_dir,
                       use_cache=not no_cache, workers=1) as sanitizer:
            scored = sanitizer.candidates(document.text)
        scored.sort(key=lambda s: (s.information_content is None, -(s.information_content or 0.0), s.term.key))
        if limit:
            scored = scored[:limit]
        if json_output:
            print_json({"backend": sanitizer.backend.name, "beta": sanitizer.thresholds.beta, "terms": [
                {"term": s.term.text, "kind": s.term.kind.value, "mentions": len(s.term.mentions),
                 "count": s.count, "information_content": s.information_content,
                 "sensitive": s.removed} for s in scored]})
            return
        out = sys.stdout
        out.write(f"{'IC(bits)':>8}  {'count':>14}  {'kind':<11}  {'S1':<9}  term\n")
        for s in scored:
            ic = "unseen" if s.information_content is None else f"{s.information_content:.2f}"
            out.write(f"{ic:>8}  {s.count:>14,}  {s.term.kind.value:<11}  {s.decision.value:<9}  {s.term.text}\n")
