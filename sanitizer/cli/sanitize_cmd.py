"""`sanitizer sanitize`: a file (text, JSONL, JSON, CSV, TSV, DOCX, PDF), a folder of them, or standard input."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from ic_sanitizer.corpus_stats.files.path_guard import RunPath

from ..documents import DEFAULT_MAX_INPUT_MB
from ..documents import document_id as protected_id
from ..errors import BatchFailure
from ..formats.layout import BadRecord
from ..redaction import Mode
from .batch import Batch, guard, plan, read_all, refuse_languages
from .common import (
    engine_reads,
    input_limit,
    read_protected_names,
    reported_errors,
)
from .engine_options import EngineOptions, LanguageChoice
from .engine_params import ENGINE_OPTIONS, engine_options
from .format_summary import announce_read
from .notices import announce_inert_outputs
from .operator_options import MappingKeyOption, MappingOption, mapping_target
from .options import (
    FieldsOption,
    JsonOption,
    MaxInputOption,
    ProtectedNamesOption,
    SubjectFieldOption,
    SubjectsOption,
    documents_argument,
)
from .per_document import PerDocument, read_candidates, read_subjects
from .report_output import ReportFormat, ReportTarget
from .sanitize_options import (
    CandidatesOption,
    DecisionsOption,
    OnBadRecordOption,
    OutputOption,
    ReportFormatOption,
    ReportOption,
)
from .sanitize_review import read_review
from .sanitize_run import run
from .stream_run import stream_jsonl, streamed


@engine_options(*ENGINE_OPTIONS)
def sanitize_command(
    context: typer.Context,
    source: Annotated[
        str,
        documents_argument(
            "FILE|DIR|-", "A file ({suffixes}; by content, then extension), a folder of them, or - for stdin."
        ),
    ],
    output: OutputOption = None,
    protected_names: ProtectedNamesOption = None,
    candidates: CandidatesOption = None,
    report: ReportOption = None,
    report_format: ReportFormatOption = ReportFormat.FULL,
    max_input_mb: MaxInputOption = DEFAULT_MAX_INPUT_MB,
    decisions: DecisionsOption = None,
    json_output: JsonOption = False,
    mapping: MappingOption = None,
    mapping_key_file: MappingKeyOption = None,
    fields: FieldsOption = None,
    subject_field: SubjectFieldOption = None,
    subjects: SubjectsOption = None,
    on_bad_record: OnBadRecordOption = BadRecord.REFUSE,
) -> None:
    """Remove sensitive terms (S1) and the terms that disclose them (S2) from documents."""
    options = EngineOptions.of(context)
    with reported_errors():
        batch = plan(source, output)
        # No output may land on or in any file the run reads, option files included.
        guard(
            batch,
            [RunPath("--report", report), RunPath("--mapping", mapping)],
            [
                *_option_files(decisions, protected_names, candidates, mapping_key_file),
                RunPath("--subjects", subjects),
                *engine_reads(options.params),
            ],
        )
        target = mapping_target(mapping, mapping_key_file)
        whole_run = any(o is not None for o in (decisions, report, mapping, protected_names, candidates, subjects))
        parts = streamed(batch, whole_run or json_output)
        if parts is not None:
            stream_jsonl(
                options.settings(),
                *parts,
                fields or (),
                on_bad_record,
                subject_field,
                input_limit(max_input_mb),
                options.given,
            )
            return
        _read(
            batch,
            input_limit(max_input_mb),
            fields or (),
            on_bad_record,
            LanguageChoice(options["language"]).value,
            subject_field,
        )
        per_document = _per_document(options.given, batch, protected_names, candidates, subjects)
        # click's parsed values are the choices' strings under older typers, enums under newer ones
        mode = None if options["mode"] is None else Mode(options["mode"])
        review = read_review(source, batch.documents, decisions, report, mode)
        if batch.documents:
            run(
                options.settings(),
                batch,
                review,
                per_document,
                ReportTarget.of(report, report_format),
                target,
                json_output,
                options.given,
            )
        if batch.failures:
            raise BatchFailure(batch.failures, len(batch.sources))


def _option_files(
    decisions: Optional[Path],
    protected_names: Optional[Path],
    candidates: Optional[Path],
    mapping_key_file: Optional[Path],
) -> list[RunPath]:
    """The files of sanitize's own options (the engine's are engine_reads')."""
    return [
        RunPath("--decisions", decisions),
        RunPath("--protected-names", protected_names),
        RunPath("--candidates", candidates),
        RunPath("--mapping-key-file", mapping_key_file),
    ]


def _per_document(
    given: frozenset[str],
    batch: Batch,
    protected_names: Optional[Path],
    candidates: Optional[Path],
    subjects: Optional[Path],
) -> PerDocument:
    """The names to protect, the other system's spans and the subject of each document, read before any work."""
    names = read_protected_names(protected_names)
    announce_inert_outputs(given, batch.documents, names, [protected_id(d.name) for d in batch.documents])
    return PerDocument(names, read_candidates(candidates, batch.documents), read_subjects(subjects))


def _read(
    batch: Batch,
    max_bytes: int,
    fields: list[str] | tuple[str, ...],
    on_bad_record: BadRecord,
    language: str,
    subject_field: Optional[str],
) -> None:
    """Read every document, refuse those in a language not supported, and say what was read."""
    read_all(batch, max_bytes, fields, on_bad_record, subject_field)
    refuse_languages(batch, language)
    announce_read(batch)
