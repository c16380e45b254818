"""`sanitizer sanitize`: a file (text, JSONL, JSON, CSV, TSV, DOCX, PDF), a folder of them, or standard input."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Optional

import typer

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..documents import DEFAULT_MAX_INPUT_MB, write_output
from ..errors import BatchFailure, OutputError
from ..evaluation.system import document_id as protected_id
from ..formats.sanitizing import engine_pieces, piece_texts, results_per_piece, sanitized_documents, texts_to_sanitize
from ic_sanitizer.corpus_stats.files.path_guard import RunPath, output_path

from ..formats.layout import BadRecord
from ..pipeline import Sanitizer
from ..redaction import Mode, apply_with_edits
from ..restore import restore_record
from ..review import (Decisions, check_documents, check_settings, decided_replacements, load_decisions,
                      review_document, review_settings)
from ..review.inputs import piece_ids
from ..scoring import ZeroCountPolicy
from ..settings import DEFAULT_BACKEND, DEFAULT_W, Settings
from .common import (
    engine_reads,
    AllowOption,
    DenyOption,
    PolicyOption,
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
    HideOption,
    KindsOption,
    ModeOption,
    ProtectOption,
    ProtectedNamesOption,
    RelatednessOption,
    S3KOption,
    read_protected_names,
    JsonOption,
    NoCacheOption,
    finite_number,
    input_limit,
    print_json,
    reported_errors,
    show_progress,
    stderr,
    usage_error,
)
from .batch import Batch, guard, plan, read_all, refuse_languages
from .per_document import PerDocument, read_candidates
from .report_output import ReportFormat, ReportTarget, write_report
from .engine_options import EngineOptions, LanguageChoice, LanguageOption, OperatorOption
from .operator_options import (KeyFileOption, MappingKeyOption, MappingOption, MappingTarget, mapped, mapping_target,
                               write_mapping)
from .format_summary import announce_read, document_summary
from .notices import announce_inert_outputs, announce_inert_settings, note


def sanitize_command(
    context: typer.Context,
    source: Annotated[str, typer.Argument(metavar="FILE|DIR|-", help="A file (.txt, .jsonl, .json, .csv, .tsv, .docx, .pdf; by content, then extension), a folder of them, or - for stdin.")],
    output: Annotated[Optional[Path], typer.Option("--output", "-o", parser=output_path, help="Output file, or folder for a folder input [default: stdout]. A .docx gives a .docx (-o needed); a PDF gives its text (NAME.pdf.txt in a folder run): the PDF itself is not rewritten.", show_default=False)] = None,
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
    operator: OperatorOption = None,
    language: LanguageOption = LanguageChoice.AUTO,
    zero_count: ZeroCountOption = ZeroCountPolicy.SENSITIVE,
    kinds: KindsOption = None,
    hide: HideOption = None,
    relatedness: RelatednessOption = None,
    protect: ProtectOption = None,
    protected_names: ProtectedNamesOption = None,
    candidates: Annotated[Optional[Path], typer.Option("--candidates", help="Another system's spans to add to the candidates, per document: JSON {doc_id: [[start, end, label], ...]} or Presidio's results {doc_id: [{entity_type, start, end}]} (doc_id: the file name without its suffix; offsets into a plain-text document). The policy decides them like the others.", show_default=False)] = None,
    s3_k: S3KOption = None,
    report: Annotated[Optional[Path], typer.Option("--report", parser=output_path, help="Write a JSON report of every decision. It CONTAINS THE SENSITIVE TERMS in clear: never publish it.")] = None,
    report_format: Annotated[ReportFormat, typer.Option("--report-format", help="full: every decision (the report); presidio: per document, what was removed as Presidio's analyzer results (entity_type, start, end, score), for Presidio's tools; brat, doccano, label-studio, conll, i2b2: the documents with what was removed marked, a first pass to load into an annotation tool (a folder for brat and i2b2).")] = ReportFormat.FULL,
    extractor: ExtractorOption = "nltk",
    cache_dir: CacheDirOption = None,
    no_cache: NoCacheOption = False,
    workers: WorkersOption = 2,
    allow_web: AllowWebOption = False,
    parallel: ParallelOption = 8,
    rate: RateOption = None,
    max_input_mb: Annotated[float, typer.Option("--max-input-mb", help="Refuse inputs larger than this.", parser=finite_number)] = DEFAULT_MAX_INPUT_MB,
    decisions: Annotated[Optional[Path], typer.Option("--decisions", help="Apply a review's decisions (exported from the page of `sanitizer review`, run with the same options): the output is the page's preview exactly. A document whose text differs from the reviewed one is refused.", show_default=False)] = None,
    json_output: JsonOption = False,
    pseudonym_key_file: KeyFileOption = None,
    mapping: MappingOption = None,
    mapping_key_file: MappingKeyOption = None,
    fields: Annotated[Optional[list[str]], typer.Option("--field", metavar="NAME", help="In .jsonl/.json/.csv/.tsv files: a field or column to sanitize (repeatable; default: text). Everything else is copied unchanged.", show_default=False)] = None,
    on_bad_record: Annotated[BadRecord, typer.Option("--on-bad-record", help="A record with no text where text is expected (a JSON line without the field, a field that is a number or a list, a CSV row longer or shorter than its header) is never copied through: refuse the file, skip the record (in a .json file its value becomes null), or sanitize it as plain text.")] = BadRecord.REFUSE,
) -> None:
    """Remove sensitive terms (S1) and the terms that disclose them (S2) from documents."""
    options = EngineOptions.of(context)
    with reported_errors():
        batch = plan(source, output)
        # No output may land on or in any file the run reads, option files included.
        guard(batch, [RunPath("--report", report), RunPath("--mapping", mapping)],
              [*_option_files(decisions, protected_names, candidates, pseudonym_key_file, mapping_key_file),
               *engine_reads(policy, allow, deny, [backend, s2_backend], cache_dir, not no_cache)])
        target = mapping_target(mapping, mapping_key_file)
        _read(batch, input_limit(max_input_mb), fields or (), on_bad_record, language.value)
        per_document = _per_document(options.given, batch, protected_names, candidates)
        review = _review(source, batch, decisions, report, mode)
        if batch.documents:
            _run(options.settings(), batch, review, per_document, ReportTarget.of(report, report_format), target,
                 json_output, options.given)
        if batch.failures:
            raise BatchFailure(batch.failures, len(batch.sources))


def _option_files(decisions: Optional[Path], protected_names: Optional[Path], candidates: Optional[Path],
                  pseudonym_key_file: Optional[Path], mapping_key_file: Optional[Path]) -> list[RunPath]:
    """The files of sanitize's own options (the engine's are engine_reads')."""
    return [RunPath("--decisions", decisions), RunPath("--protected-names", protected_names),
            RunPath("--candidates", candidates), RunPath("--pseudonym-key-file", pseudonym_key_file),
            RunPath("--mapping-key-file", mapping_key_file)]


def _per_document(given: frozenset[str], batch: Batch, protected_names: Optional[Path],
                  candidates: Optional[Path]) -> PerDocument:
    """The names to protect and the other system's spans of each document, read before any work."""
    names = read_protected_names(protected_names)
    announce_inert_outputs(given, batch.documents, names, [protected_id(d.name) for d in batch.documents])
    return PerDocument(names, read_candidates(candidates, batch.documents))


def _read(batch: Batch, max_bytes: int, fields: list[str] | tuple[str, ...], on_bad_record: BadRecord,
          language: str) -> None:
    """Read every document, refuse those in a language not supported, and say what was read."""
    read_all(batch, max_bytes, fields, on_bad_record)
    refuse_languages(batch, language)
    announce_read(batch)


@dataclass(frozen=True)
class Review:
    """What --decisions brings: the source the page was made for, its decisions, their file."""

    source: str
    decisions: Decisions
    path: Path


def _run(asked: Settings, batch: Batch, review: Optional[Review], per_document: PerDocument,
         report: Optional[ReportTarget], mapping: Optional[MappingTarget], json_output: bool,
         given: frozenset[str]) -> None:
    """Open the engine; sanitize and write every document; then the mapping (file, key,
    key source), the report, the --json summary."""
    with Sanitizer(asked) as sanitizer:
        announce_backends(sanitizer)
        announce_inert_settings(sanitizer, given, names_per_document=bool(per_document.names))
        if review is not None:
            check_settings(review.decisions, review_settings(sanitizer), review.path)
        summaries, reports, mappings, restores = _sanitize(sanitizer, batch, json_output, report is not None, per_document,
                                                           review)
        if mapping is not None:
            write_mapping(mapping, mappings, restores)
        if report is not None:
            write_report(report, sanitizer, reports)
    if "hide" in given and summaries and not sum(summary["hidden_category"] for summary in summaries):
        note("--hide had no effect: no term of the categories hidden was found in the documents")
    if "s3_k" in given and summaries and not sum(summary["s3_masked"] for summary in summaries):
        note("--s3-k had no effect: S3 masked nothing (no quasi-identifier of its kinds was left in clear, or "
             "those left are held together by at least k documents of S2's corpus)")
    processes = sanitizer.resources.extraction.processes_used
    if "workers" in given and asked.workers != 1 and processes <= 1:
        note("--workers had no effect: every document fit in one extraction block, "
                              "extracted in this process")
    if json_output:
        t = sanitizer.thresholds
        print_json({"beta": t.beta, "kind_betas": {kind.value: bits for kind, bits in t.kind_betas},
                    "beta_s2": t.beta_s2, "tau": t.tau, "w": t.w, "extraction_processes": processes,
                    "requested": len(sanitizer.protect), "backend": sanitizer.backend.name,
                    "s2_backend": sanitizer.s2_backend.name, "documents": summaries,
                    "skipped": [str(path) for path in batch.skipped],
                    "failures": [{"input": name, "error": reason} for name, reason in batch.failures.items()]})


def _review(source: str, batch: Batch, decisions: Optional[Path], report: Optional[Path],
            mode: Optional[Mode]) -> Optional[Review]:
    """The review of --decisions, checked against the documents read (piece by piece); None without."""
    if decisions is None:
        return None
    if report is not None:
        usage_error("--report gives the sanitizer's own decisions; it cannot be combined with --decisions")
    reviewed = load_decisions(decisions)
    _check_reviewable(mode)
    check_documents(reviewed, [(name, text) for d in batch.documents
                               for name, text in zip(piece_ids(source, d), texts_to_sanitize(d), strict=True)],
                    decisions)
    return Review(source, reviewed, decisions)


def _sanitize(sanitizer: Sanitizer, batch: Batch, json_output: bool, with_report: bool,
              per_document: PerDocument, review: Optional[Review]) -> tuple[list, list, dict, dict]:
    """Sanitize and write every document read; in a folder run a write that fails is
    recorded as that document's failure and the others go on. With ``review`` (source,
    decisions, their file), each text is the reviewed one, as the review page previewed it."""
    summaries, reports, mappings, restores = [], [], {}, {}
    with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                  TimeElapsedColumn(), console=stderr, disable=not show_progress(),
                  transient=True) as progress:
        task = progress.add_task("extracting", total=None)

        def on_progress(phase: str, done: int, total: int) -> None:
            progress.update(task, description=phase, completed=done, total=total)

        sanitized = sanitized_documents(batch.documents,
                                        lambda texts, protect: sanitizer.sanitize_many(
                                            texts, on_progress, protect, per_document.per_text(batch.documents)),
                                        lambda document: per_document.names.get(protected_id(document.name), []))
        for document, destination, (own, own_results) in zip(batch.documents, batch.targets, sanitized):
            pieces = results_per_piece(document, own_results)
            outputs = [result.text for result in pieces]
            mappings[document.name] = {value: original for piece, result in zip(engine_pieces(document), pieces)
                                       for value, original in mapped(piece, result).items()}
            if review is not None:  # in tag, redact or suppress mode (_check_reviewable); each text as reviewed
                decided = [decided_replacements(review_document(name, text, result), review.decisions.documents[name],
                                                review.path)
                           for name, text, result in zip(piece_ids(review.source, document), own, own_results)]
                outputs = piece_texts(document, decided)
            if document.layout is None:  # one text: the mapping can put its originals back (restore.py)
                used = decided[0] if review is not None else pieces[0].replacements
                restores[document.name] = restore_record(own[0], *apply_with_edits(own[0], used))
            try:
                content = document.assemble(outputs)
                if destination is not None:
                    write_output(destination, content)
                elif not json_output and isinstance(content, str):  # a .docx always has a destination (plan)
                    sys.stdout.write(content)
            except OutputError as exc:
                if not batch.is_folder:
                    raise
                batch.failures[document.name] = str(exc)
                continue
            summary = document_summary(document, destination, pieces)
            if destination is None and json_output and isinstance(content, str):
                summary["text"] = content
            summaries.append(summary)
            if with_report:
                labels = document.layout.labels if document.layout else (document.name,)
                reports += [(label if label == document.name else f"{document.name}: {label}", piece, result)
                             for label, piece, result in zip(labels, engine_pieces(document), pieces)]
    return summaries, reports, mappings, restores


def _check_reviewable(mode: Optional[Mode]) -> None:
    """The review page previews the placeholder modes, not the operators'."""
    if mode is not None and mode.operates:
        usage_error(f"--decisions gives the review page's preview; it cannot be combined with --mode {mode.value}")
