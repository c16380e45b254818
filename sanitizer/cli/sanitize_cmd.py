"""`sanitizer sanitize`: a file, a folder of .txt files, or standard input."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..documents import DEFAULT_MAX_INPUT_MB, atomic_write_text
from ..errors import BatchFailure, OutputError
from ..pipeline import DEFAULT_BACKEND, DEFAULT_W, Sanitizer
from ..report import document_report, run_report
from ..scoring import ZeroCountPolicy
from .common import (
    AllowOption,
    DenyOption,
    PolicyOption,
    policy_arguments,
    AllowWebOption,
    ParallelOption,
    RateOption,
    BackendOption,
    BetaOption,
    BetaS2Option,
    BetaTermOption,
    S2BackendOption,
    WOption,
    WorkersOption,
    ZeroCountOption,
    announce_backends,
    CacheDirOption,
    ExtractorOption,
    KindsOption,
    JsonOption,
    NoCacheOption,
    finite_number,
    input_limit,
    print_json,
    reported_errors,
    split_kinds,
    show_progress,
    stderr,
)
from .batch import Batch, guard, plan, read_all
from .operator_options import (KeyFileOption, MappingOption, OutputModeOption, Renderer, engine_mode,
                               guard_mapping, renderer, write_mapping)
from .format_summary import announce_skipped, document_summary


def sanitize_command(
    source: Annotated[str, typer.Argument(metavar="FILE|DIR|-", help="A text file, a folder of .txt files, or - for stdin.")],
    output: Annotated[Optional[Path], typer.Option("--output", "-o", help="Output file, or folder for a folder input [default: stdout].", show_default=False)] = None,
    backend: BackendOption = DEFAULT_BACKEND,
    beta: BetaOption = None,
    beta_term: BetaTermOption = None,
    s2_backend: S2BackendOption = "auto",
    beta_s2: BetaS2Option = None,
    w: WOption = DEFAULT_W,
    policy: PolicyOption = "default",
    allow: AllowOption = None,
    deny: DenyOption = None,
    mode: OutputModeOption = None,
    zero_count: ZeroCountOption = ZeroCountPolicy.SENSITIVE,
    kinds: KindsOption = None,
    report: Annotated[Optional[Path], typer.Option("--report", help="Write a JSON report of every decision. It CONTAINS THE SENSITIVE TERMS in clear: never publish it.")] = None,
    extractor: ExtractorOption = "nltk",
    cache_dir: CacheDirOption = None,
    no_cache: NoCacheOption = False,
    workers: WorkersOption = 2,
    allow_web: AllowWebOption = False,
    parallel: ParallelOption = 8,
    rate: RateOption = None,
    max_input_mb: Annotated[float, typer.Option("--max-input-mb", help="Refuse inputs larger than this.", parser=finite_number)] = DEFAULT_MAX_INPUT_MB,
    json_output: JsonOption = False,
    pseudonym_key_file: KeyFileOption = None,
    mapping: MappingOption = None,
    fields: Annotated[Optional[list[str]], typer.Option("--field", metavar="NAME", help="In .jsonl/.json/.csv/.tsv files: a field or column to sanitize (repeatable; default: text). Everything else is copied unchanged.", show_default=False)] = None,
) -> None:
    """Remove sensitive terms (S1) and the terms that disclose them (S2) from documents."""
    with reported_errors():
        max_bytes = input_limit(max_input_mb)
        batch = plan(source, output)
        guard(batch, report, [backend, s2_backend], cache_dir, not no_cache)
        guard_mapping(batch, mapping)
        render = renderer(mode, pseudonym_key_file)
        read_all(batch, max_bytes, fields or ())
        announce_skipped(batch)
        if batch.documents:
            with Sanitizer(backend, beta=beta, beta_term=beta_term, w=w, s2_backend=s2_backend, beta_s2=beta_s2,
                           mode=engine_mode(mode), **policy_arguments(policy, allow, deny),
                           extractor=extractor, zero_count=zero_count.value, kinds=split_kinds(kinds), cache_dir=cache_dir,
                           use_cache=not no_cache, allow_web=allow_web, parallel=parallel, rate_limit=rate, workers=workers) as sanitizer:
                announce_backends(sanitizer)
                summaries, reports, mappings = _sanitize(sanitizer, batch, json_output, report is not None, render)
                if mapping is not None:
                    write_mapping(mapping, mappings)
                if report is not None:
                    atomic_write_text(report, json.dumps(run_report(sanitizer, reports), ensure_ascii=False, indent=1),
                                      private=True)
            if json_output:
                t = sanitizer.thresholds
                print_json({"beta": t.beta, "beta_s2": t.beta_s2, "tau": t.tau, "w": t.w,
                            "backend": sanitizer.backend.name, "s2_backend": sanitizer.s2_backend.name,
                            "documents": summaries, "skipped": [str(path) for path in batch.skipped],
                            "failures": [{"input": name, "error": reason} for name, reason in batch.failures.items()]})
        if batch.failures:
            raise BatchFailure(batch.failures, len(batch.sources))


def _sanitize(sanitizer: Sanitizer, batch: Batch, json_output: bool, with_report: bool,
              render: Renderer) -> tuple[list, list, dict]:
    """Sanitize and write every document read; in a folder run a write that fails is
    recorded as that document's failure and the others go on."""
    summaries, reports, mappings = [], [], {}
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=stderr, disable=not show_progress(),
                  transient=True) as progress:
        task = progress.add_task("extracting", total=None)

        def on_progress(phase: str, done: int, total: int) -> None:
            progress.update(task, description=phase, completed=done, total=total)

        results = iter(sanitizer.sanitize_many([p for d in batch.documents for p in d.pieces], on_progress))
        for document, destination in zip(batch.documents, batch.targets):
            # A structured file's fields are sanitized as documents of their own.
            pieces = [next(results) for _ in document.pieces]
            rendered = [render(piece, result) for piece, result in zip(document.pieces, pieces)]
            text = document.assemble([output for output, _ in rendered])
            mappings[document.name] = {value: original for _, mapped in rendered for value, original in mapped.items()}
            try:
                if destination is not None:
                    atomic_write_text(destination, text)
                elif not json_output:
                    sys.stdout.write(text)
            except OutputError as exc:
                if not batch.is_folder:
                    raise
                batch.failures[document.name] = str(exc)
                continue
            summary = document_summary(document, destination, pieces)
            if destination is None and json_output:
                summary["text"] = text
            summaries.append(summary)
            if with_report:
                labels = document.layout.labels if document.layout else (document.name,)
                reports += [document_report(label if label == document.name else f"{document.name}: {label}", piece, result)
                            for label, piece, result in zip(labels, document.pieces, pieces)]
    return summaries, reports, mappings
