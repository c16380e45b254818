"""`sanitizer sanitize`: a file, a folder of .txt files, or standard input."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Annotated, Optional

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..documents import DEFAULT_MAX_INPUT_MB, Document, atomic_write_text, find_text_files, read_document, read_stdin
from ..errors import InputError
from ..pipeline import DEFAULT_BACKEND, DEFAULT_W, Sanitizer
from ..report import document_report, run_report
from ..review import check_documents, check_settings, decided_text, load_decisions, review_document, review_settings
from ..review.inputs import document_id
from ..scoring import ZeroCountPolicy
from .common import (
    AllowOption,
    DenyOption,
    ModeOption,
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
    print_json,
    reported_errors,
    split_kinds,
    show_progress,
    stderr,
    usage_error,
)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.exists() and b.exists() and a.samefile(b)
    except OSError:
        return False


def _plan_outputs(source: str, output: Optional[Path], max_bytes: int) -> tuple[list[Document], list[Optional[Path]]]:
    """The documents to read and where each result goes (None: stdout)."""
    if source == "-":
        return [read_stdin(max_bytes)], [output]
    path = Path(source)
    if path.is_dir():
        if output is None:
            usage_error("a folder input needs -o OUTPUT_FOLDER")
        if output.exists() and not output.is_dir():
            usage_error(f"{output}: a folder input needs an output folder, not a file")
        if output.resolve() == path.resolve() or path.resolve() in output.resolve().parents:
            usage_error("the output folder must not be the input folder or inside it")
        files = list(find_text_files(path))
        if not files:
            raise InputError(f"{path}: no .txt files in this folder")
        documents = [read_document(f, max_bytes) for f in files]  # all checked before any work
        return documents, [output / f.relative_to(path) for f in files]
    document = read_document(path, max_bytes)
    if output is not None and output.is_dir():
        output = output / path.name
    if output is not None and _same_file(output, path):
        usage_error("the output must not overwrite the input")
    return [document], [output]


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
    mode: ModeOption = None,
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
    max_input_mb: Annotated[float, typer.Option("--max-input-mb", help="Refuse inputs larger than this.")] = DEFAULT_MAX_INPUT_MB,
    decisions: Annotated[Optional[Path], typer.Option("--decisions", help="Apply a review's decisions (exported from the page of `sanitizer review`, run with the same options): the output is the page's preview exactly. A document whose text differs from the reviewed one is refused.", show_default=False)] = None,
    json_output: JsonOption = False,
) -> None:
    """Remove sensitive terms (S1) and the terms that disclose them (S2) from documents."""
    with reported_errors():
        documents, destinations = _plan_outputs(source, output, int(max_input_mb * 1e6))
        if report is not None and any(_same_file(report, d.path) for d in documents if d.path):
            usage_error("the report must not overwrite an input")
        if decisions is not None and report is not None:
            usage_error("--report gives the sanitizer's own decisions; it cannot be combined with --decisions")
        reviewed = load_decisions(decisions) if decisions is not None else None
        if reviewed is not None and decisions is not None:
            check_documents(reviewed, [(document_id(source, d), d.text) for d in documents], decisions)
        with Sanitizer(backend, beta=beta, beta_term=beta_term, w=w, s2_backend=s2_backend, beta_s2=beta_s2,
                       mode=mode.value if mode else None, **policy_arguments(policy, allow, deny),
                       extractor=extractor, zero_count=zero_count.value, kinds=split_kinds(kinds), cache_dir=cache_dir,
                       use_cache=not no_cache, allow_web=allow_web, parallel=parallel, rate_limit=rate, workers=workers) as sanitizer:
            announce_backends(sanitizer)
            if reviewed is not None and decisions is not None:
                check_settings(reviewed, review_settings(sanitizer), decisions)
            summaries, reports = [], []
            with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                          TimeElapsedColumn(), console=stderr, disable=not show_progress(),
                          transient=True) as progress:
                task = progress.add_task("extracting", total=None)

                def on_progress(phase: str, done: int, total: int) -> None:
                    progress.update(task, description=phase, completed=done, total=total)

                results = sanitizer.sanitize_many([d.text for d in documents], on_progress)
                for document, destination, result in zip(documents, destinations, results):
                    text = result.text
                    if reviewed is not None and decisions is not None:
                        name = document_id(source, document)
                        text = decided_text(review_document(name, document.text, result), reviewed.documents[name],
                                            decisions)
                    if destination is not None:
                        atomic_write_text(destination, text)
                    elif not json_output:
                        sys.stdout.write(text)
                    summary = {"input": document.name, "output": str(destination) if destination else None,
                               "candidates": len(result.terms), "sensitive": len(result.sensitive),
                               "related": len(result.related), "kept": len(result.kept),
                               "s2_ran": result.s2.ran, "queries_issued": result.queries.issued}
                    if destination is None and json_output:
                        summary["text"] = text
                    summaries.append(summary)
                    if report is not None:
                        reports.append(document_report(document.name, document.text, result))
            if report is not None:
                atomic_write_text(report, json.dumps(run_report(sanitizer, reports), ensure_ascii=False, indent=1),
                                  private=True)
        if json_output:
            t = sanitizer.thresholds
            print_json({"beta": t.beta, "beta_s2": t.beta_s2, "tau": t.tau, "w": t.w,
                        "backend": sanitizer.backend.name, "s2_backend": sanitizer.s2_backend.name,
                        "documents": summaries})
